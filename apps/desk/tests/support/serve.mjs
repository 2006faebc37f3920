// The desk e2e server: a fresh database (a new SQLite file, or a re-created PostgreSQL database), then
// `npm start` (scripts/start.mjs, ROLE=all) on it. Run by playwright.config.ts's webServer.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const url = process.env.DATABASE_URL;
if (url.startsWith("sqlite:")) {
  rmSync(path.dirname(url.slice("sqlite:".length)), { recursive: true, force: true });
} else {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}
const child = spawn(process.execPath, ["scripts/start.mjs"], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
