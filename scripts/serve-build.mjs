// Serves a web build (an apps/web/build folder) with the site role of apps/server, on a port of its own,
// for the Lighthouse scripts (`npm run perf`, `npm run perf:compare`).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const serverMain = "apps/server/dist/main.js";

/** Starts the server and waits until it answers; `stop()` ends it. */
export async function serveBuild(buildDir, port, name = "site") {
  if (!existsSync(path.join(buildDir, "client", "index.html")))
    throw new Error(`${buildDir}/client: no web build`);
  if (!existsSync(serverMain)) throw new Error(`${serverMain} not found: run npm run build -w apps/server`);
  const server = spawn(process.execPath, [serverMain], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      ROLE: "site",
      PORT: String(port),
      WEB_BUILD_DIR: path.join(buildDir, "client"),
      LOG_LEVEL: "warn",
    },
  });
  const stop = () => server.kill();
  process.on("exit", stop);
  const deadline = Date.now() + 30_000;
  while ((await fetch(`http://localhost:${port}/`).catch(() => undefined))?.ok !== true) {
    if (server.exitCode !== null) throw new Error(`the ${name} build's server exited (${server.exitCode})`);
    if (Date.now() > deadline) throw new Error(`the ${name} build's server did not answer on :${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin: `http://localhost:${port}`, stop };
}
