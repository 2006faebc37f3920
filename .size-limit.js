// size-limit (`npm run check:js-budget`): the first-load JS of every prerendered page, the gzip size
// (KB = 1000 bytes, the stricter reading) of every JS file the page loads before it is interactive,
// read from the build (scripts/built-pages.mjs; run npm run build first). Dynamic import() chunks are not
// counted. A content page (no router: docs/decisions/0022-content-page-islands.md) may load 60 KB; a page
// that keeps React Router (the forms, /consultation) no more than it does on main without the islands
// (the build of main at 19fc7ff, the main this branch last merged, measured the same way after a clean
// clone's .ci/run: docs/performance.md), rounded up to the next 0.1 KB.
import path from "node:path";
import { builtPages, clientDir, firstLoadScripts } from "./scripts/built-pages.mjs";

const CONTENT_PAGE_LIMIT = "60 kB";
/** The pages that keep React Router, and what each loaded on main at 19fc7ff. */
const routerPageLimits = {
  "/contact": "148.5 kB",
  "/quote": "149.0 kB",
  "/consultation": "155.3 kB",
  "/login": "119.2 kB",
  "/register": "119.3 kB",
};

const entries = [];
for (const { route, content } of builtPages()) {
  const limit = content ? CONTENT_PAGE_LIMIT : routerPageLimits[route];
  if (!limit) throw new Error(`.size-limit.js: ${route} keeps React Router but has no budget here`);
  const urls = await firstLoadScripts(route);
  entries.push({
    name: `First-load JS of ${route} (${urls.length} files)`,
    // size-limit reads globs: firstLoadScripts admits no glob character and fails on a missing file,
    // so each path matches exactly its file.
    path: urls.map((url) => path.relative(import.meta.dirname, path.join(clientDir, url))),
    gzip: true,
    limit,
  });
}

export default entries;
