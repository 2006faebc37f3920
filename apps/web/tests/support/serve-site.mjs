// The browser suites' server (tests/support/web-servers.ts): a fresh database for the run, then
// `npm start` (scripts/start.mjs) on it, so that every run of a suite starts with no lead and no booking.
import { spawn } from "node:child_process";
import { freshDatabase } from "../../../../scripts/fresh-database.mjs";

await freshDatabase(process.env.DATABASE_URL ?? "");
const child = spawn(process.execPath, ["scripts/start.mjs"], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
