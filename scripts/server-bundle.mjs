// The server bundle (apps/server/dist), rebuilt when it is missing or older than the sources it is
// made of (the server's and the workspace packages' it bundles in), so a command never runs stale code.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "apps/server/src",
  "packages/contracts/src",
  "packages/site-policy/src",
  "packages/content/src",
];

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function ensureServerBundle(bundle = "apps/server/dist/main.js") {
  const stale = !existsSync(bundle) || Math.max(...SOURCES.map(newest)) > statSync(bundle).mtimeMs;
  if (!stale) return;
  const r = spawnSync("npm", ["run", "-s", "build", "-w", "apps/server"], { stdio: ["ignore", 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
