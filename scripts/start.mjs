// `npm start`: builds first when there is no build, then runs the site and both services.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

const built = [
  "apps/web/build/client/index.html",
  "apps/web/build/site-manifest.json", // written by the web build; the site server needs it
  "apps/server/dist/main.js",
].every((f) => existsSync(f));
if (!built) {
  console.log("No build found: building first (npm run build)…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
