// size-limit (`npm run check:js-budget`): the first-load JS of / stays within 125 KB gzip (KB = 1000 bytes,
// the stricter reading). Counted: every JS file the prerendered page loads before it is interactive, i.e.
// the scripts its HTML names (scripts/built-pages.mjs) and, transitively, their static imports. Dynamic
// import() chunks load later, on demand, and are not counted. Reads the build: run npm run build first.
import { readFileSync } from "node:fs";
import path from "node:path";
import { init, parse } from "es-module-lexer";
import { clientDir, pageScripts, readPage } from "./scripts/built-pages.mjs";

const page = "/";
const budget = "125 kB";

await init;
const urls = new Set();
const queue = pageScripts(readPage(page));
while (queue.length > 0) {
  const url = queue.shift();
  if (urls.has(url)) continue;
  if (!/^\/[\w./-]+\.js$/.test(url)) throw new Error(`${page} loads ${url}: not a file of the build`);
  urls.add(url);
  const [imports] = parse(readFileSync(path.join(clientDir, url), "utf8"), url);
  // d === -1: a static import or export…from (d >= 0 is a dynamic import(), -2 is import.meta).
  for (const i of imports) if (i.d === -1 && i.n) queue.push(new URL(i.n, `http://site${url}`).pathname);
}

export default [
  {
    name: `First-load JS of ${page} (${urls.size} files)`,
    // size-limit reads globs: each path is checked above to hold no glob character, and reading it
    // above fails if it is missing, so each one matches exactly its file.
    path: [...urls].map((url) => path.relative(import.meta.dirname, path.join(clientDir, url))),
    gzip: true,
    limit: budget,
  },
];
