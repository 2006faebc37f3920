// First-load JS budget, from the build output: the gzip size of every JS file the prerendered page
// loads before it is interactive (modulepreload links, module scripts, the chunks its inline boot
// script names, and their static imports). Dynamic import() chunks are lazy and not counted.
//   npm run check:js-budget [-- --page /about --budget-kb 125]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { init, parse } from "es-module-lexer";

const { values } = parseArgs({
  options: {
    page: { type: "string", default: "/" },
    "budget-kb": { type: "string", default: "125" },
    dir: { type: "string", default: "apps/web/build/client" },
  },
});
const clientDir = path.resolve(values.dir);
const budget = Number(values["budget-kb"]) * 1000; // KB = 1000 bytes (the stricter reading)
const htmlFile = path.join(clientDir, values.page.replace(/^\/?/, ""), "index.html");
if (!existsSync(htmlFile)) {
  console.error(
    `check-js-budget: ${path.relative(process.cwd(), htmlFile)} not found; run npm run build first.`,
  );
  process.exit(2);
}

const html = readFileSync(htmlFile, "utf8");
// The boot script (rewritten by apps/web/build-steps/paint-first.ts) names every chunk it preloads and
// imports as a string literal; modulepreload links and module script src are counted too.
const inlineModules = [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].map(
  (m) => m[1],
);
const fromHtml = [
  ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ...html.matchAll(/<script\b[^>]*type="module"[^>]*src="([^"]+\.js)"/g),
  ...inlineModules.flatMap((code) => [...code.matchAll(/["'](\/[^"']+\.js)["']/g)]),
].map((m) => m[1]);

/** Root-relative URLs of the chunks a module imports statically (not its dynamic import()s). */
await init;
const staticImports = (code, url) =>
  parse(code)[0]
    .filter((i) => i.t === 1 && i.n !== undefined) // es-module-lexer's ImportType.Static
    .map((i) => new URL(i.n, `http://build${url}`).pathname);

// Follow static imports inside each module (e.g. `import{a as b}from"./chunk-X.js"`).
const files = new Map();
const queue = [...new Set(fromHtml)];
while (queue.length > 0) {
  const url = queue.shift();
  if (files.has(url) || !url.startsWith("/")) continue;
  const code = readFileSync(path.join(clientDir, url));
  files.set(url, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
  queue.push(...staticImports(code.toString("utf8"), url));
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const rows = [...files].sort((a, b) => b[1].gzip - a[1].gzip);
for (const [url, s] of rows)
  console.log(`  ${kb(s.gzip).padStart(9)} gzip  ${kb(s.raw).padStart(9)} raw  ${url}`);
const total = rows.reduce((sum, [, s]) => sum + s.gzip, 0);
const ok = total <= budget;
console.log(
  `First-load JS of ${values.page}: ${kb(total)} gzip in ${rows.length} files; budget ${kb(budget)}: ${ok ? "PASS" : "FAIL"}`,
);
process.exit(ok ? 0 : 1);
