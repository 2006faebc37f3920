// `npm run leads -- …`: the leads command (list, show, export) against the configured database.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("apps/server/dist/cli/leads.js")) {
  const r = spawnSync("npm", ["run", "-s", "build", "-w", "apps/server"], { stdio: ["ignore", 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ["apps/server/dist/cli/leads.js", ...process.argv.slice(2)], {
  stdio: "inherit",
});
child.on("exit", (code) => process.exit(code ?? 1));
