// Writes the page snapshots (snapshots/) from a client build made elsewhere: the "before" of the page
// comparison is main's build, not this branch's. Build main in a worktree of its own, with the settings
// build-pages.ts gives (no SITE_URL, VITE_*, RETENTION_*, VITALS_SAMPLE_RATE or LIVE_CHAT), e.g.
//   git worktree add /tmp/main-wt main && cd /tmp/main-wt && npm ci && cd apps/web &&
//   env -u SITE_URL -u VITE_CONTACT_API_URL -u VITE_QUOTATION_API_URL WEB_BUILD_OUT=build-before npx react-router build
// then, here: node ../../../node_modules/jiti/lib/jiti-cli.mjs write-snapshots.ts /tmp/main-wt/apps/web/build-before/client
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildDigests } from "./page-digest";

const clientDir = process.argv[2];
if (!clientDir) throw new Error("usage: write-snapshots.ts <client build folder>");
const snapshots = path.join(path.dirname(fileURLToPath(import.meta.url)), "snapshots");
const { pages, chrome } = await buildDigests(path.resolve(clientDir));
await rm(path.join(snapshots, "pages"), { recursive: true, force: true });
for (const [file, digest] of pages) {
  const target = path.join(snapshots, "pages", `${file}.txt`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, digest);
}
await writeFile(path.join(snapshots, "chrome.txt"), chrome.get("index.html") ?? "");
console.log(`${pages.size} page snapshots written from ${clientDir}`);
