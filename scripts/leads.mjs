// `npm run leads -- …`: the leads command (list, show, export) against the configured database.
// Builds the server bundle first when it is missing or older than the server/contracts sources,
// so the command never runs stale code. Build output goes to stderr: stdout stays pure data.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const bundle = "apps/server/dist/cli/leads.js";
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const stale =
  !existsSync(bundle) ||
  Math.max(newest("apps/server/src"), newest("packages/contracts/src")) > statSync(bundle).mtimeMs;
if (stale) {
  const r = spawnSync("npm", ["run", "-s", "build", "-w", "apps/server"], { stdio: ["ignore", 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: "inherit" });
child.on("exit", (code) => process.exit(code ?? 1));
