// Serves a web build (an apps/web/build folder) with the site role of apps/server, on a port of its own,
// for the Lighthouse scripts (`npm run perf`, `npm run perf:compare`); and, for `npm run perf`, the
// contact service the pages call (the consultation page's free slots), on an empty database of its own.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const serverMain = "apps/server/dist/main.js";

/** Starts apps/server with `env` and waits until `probe` answers 2xx; `stop()` ends it. */
async function startServer(env, probe, what) {
  if (!existsSync(serverMain)) throw new Error(`${serverMain} not found: run npm run build -w apps/server`);
  const server = spawn(process.execPath, [serverMain], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
  });
  const stop = () => server.kill();
  process.on("exit", stop);
  const deadline = Date.now() + 30_000;
  while ((await fetch(probe).catch(() => undefined))?.ok !== true) {
    if (server.exitCode !== null) throw new Error(`${what} exited (${server.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer at ${probe}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return stop;
}

/** Serves `buildDir`'s pages on `port`; `stop()` ends the server. */
export async function serveBuild(buildDir, port, name = "site") {
  if (!existsSync(path.join(buildDir, "client", "index.html")))
    throw new Error(`${buildDir}/client: no web build`);
  const origin = `http://localhost:${port}`;
  const env = { ROLE: "site", PORT: String(port), WEB_BUILD_DIR: path.join(buildDir, "client") };
  return { origin, stop: await startServer(env, `${origin}/`, `the ${name} build's server`) };
}

/**
 * The contact service on CONTACT_PORT (default 8081, where a build made without VITE_CONTACT_API_URL
 * sends its requests), answering the pages of `siteOrigins`, on a SQLite file in a temporary folder
 * (removed at exit): without it the consultation page's request for free slots fails, and Lighthouse
 * counts the refused connection as a console error (best practices 96).
 */
export async function serveContactService(siteOrigins) {
  const port = process.env.CONTACT_PORT || "8081";
  const dir = mkdtempSync(path.join(tmpdir(), "perf-contact-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const env = {
    ROLE: "contact",
    CONTACT_PORT: port,
    DATABASE_URL: `sqlite:${path.join(dir, "leads.sqlite")}`,
    ALLOWED_ORIGINS: siteOrigins.join(","),
  };
  return { stop: await startServer(env, `http://localhost:${port}/healthz`, "the contact service") };
}
