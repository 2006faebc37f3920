// Postbuild step: rewrites every prerendered HTML page for a fast first paint on a slow phone:
// the stylesheet inlined (inline-css.mjs) and the JavaScript started after the first paint
// (paint-first.mjs). Runs before static-artifacts.mjs, which hashes the resulting inline code.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { inlineStylesheets, readInlinableCss } from "./inline-css.mjs";
import { staticImports } from "./lib/static-imports.mjs";
import { paintFirst } from "./paint-first.mjs";
import { SPA_FALLBACK_FILE } from "./site-headers.mjs";

/** The static imports of every chunk under assets/, by root-relative URL ("/assets/x.js"). */
export async function readChunkImports(clientDir) {
  const imports = new Map();
  const assets = path.join(clientDir, "assets");
  for (const name of (await readdir(assets)).filter((f) => f.endsWith(".js"))) {
    const url = `/assets/${name}`;
    imports.set(url, staticImports(await readFile(path.join(assets, name), "utf8"), url));
  }
  return (href) => imports.get(href) ?? [];
}

export async function optimizePages(clientDir, files) {
  const css = await readInlinableCss(clientDir, files);
  const importsOf = await readChunkImports(clientDir);
  const pages = files.filter((f) => f.endsWith(".html"));
  for (const file of pages) {
    const abs = path.join(clientDir, file);
    const html = await readFile(abs, "utf8");
    // The SPA fallback paints nothing until React renders the route, so it boots at once.
    const waitForPaint = file !== SPA_FALLBACK_FILE;
    await writeFile(abs, paintFirst(inlineStylesheets(html, css), file, { waitForPaint, importsOf }));
  }
  return { pages: pages.length, stylesheets: [...css.keys()] };
}
