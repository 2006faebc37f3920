// `npm start`: builds what has no build yet (the site, the desk, the server), and the site again when
// it was built with another LIVE_CHAT, then runs the site, both lead services and the desk in one
// process (ROLE=all).
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/** Each workspace and the files its build leaves (the servers need every one of them). */
const parts = [
  // The web build writes site-manifest.json beside the client build; the site server needs it.
  ["apps/web", ["apps/web/build/client/index.html", "apps/web/build/site-manifest.json"]],
  // The desk build writes desk-manifest.json (its CSP hashes); the desk role needs it.
  ["apps/desk", ["apps/desk/build/client/index.html", "apps/desk/build/desk-manifest.json"]],
  ["apps/server", ["apps/server/dist/main.js"]],
];
/**
 * Why the site's build must be made again although it exists: it was made with another LIVE_CHAT
 * (the site's manifest records the value; the chat panel is chosen at build time, issue 27).
 */
function staleSite() {
  const liveChat = (process.env.LIVE_CHAT ?? "").trim() === "on";
  let built = false;
  try {
    built = JSON.parse(readFileSync("apps/web/build/site-manifest.json", "utf8")).liveChat === true;
  } catch {
    return undefined; // no manifest: built below as a missing build
  }
  return built === liveChat ? undefined : `it was built with LIVE_CHAT=${built ? "on" : "off"}`;
}

for (const [workspace, files] of parts) {
  const stale = workspace === "apps/web" ? staleSite() : undefined;
  if (!stale && files.every((f) => existsSync(f))) continue;
  console.log(
    stale
      ? `Rebuilding ${workspace}: ${stale}, and LIVE_CHAT is now ${stale.endsWith("on") ? "off" : "on"} (npm run build -w ${workspace})…`
      : `No build of ${workspace} found: building it first (npm run build -w ${workspace})…`,
  );
  const r = spawnSync("npm", ["run", "build", "-w", workspace], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
