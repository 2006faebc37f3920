// size-limit (`npm run check:js-budget`): the first-load JS of / stays within 125 KB gzip (KB = 1000
// bytes, the stricter reading): every JS file the prerendered page loads before it is interactive, read
// from the build (scripts/built-pages.mjs; run npm run build first). Dynamic import() chunks not counted.
import path from "node:path";
import { clientDir, firstLoadScripts } from "./scripts/built-pages.mjs";

const page = "/";
const urls = await firstLoadScripts(page);

export default [
  {
    name: `First-load JS of ${page} (${urls.length} files)`,
    // size-limit reads globs: firstLoadScripts admits no glob character and fails on a missing file,
    // so each path matches exactly its file.
    path: urls.map((url) => path.relative(import.meta.dirname, path.join(clientDir, url))),
    gzip: true,
    limit: "125 kB",
  },
];
