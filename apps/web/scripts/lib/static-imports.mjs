// The static imports of a built ES module chunk, as minified by the build (`import{a as b}from"./x.js"`,
// `import"./x.js"`, `export*from"./x.js"`), not its dynamic import()s: the boot's evaluation order
// (optimize-pages.mjs).
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** Root-relative URLs ("/assets/x.js") of the chunks the chunk at `url` imports statically. */
export function staticImports(code, url) {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => new URL(m[1], `http://x${url}`).pathname);
}
