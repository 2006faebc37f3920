import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The SQLite connection runs in a worker thread started from dist/sqlite-thread.js (and the crash,
// CLI and migration tests start dist/main.js): bundle the server once, before any test file runs.
export default function setup() {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const r = spawnSync(process.execPath, ["build.mjs"], { cwd: serverDir, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}\n${r.stderr}`);
}
