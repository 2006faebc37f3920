// The desk e2e server: a fresh database (a new SQLite file, or a re-created PostgreSQL database), then
// `npm start` (scripts/start.mjs, ROLE=all) on it. Run by playwright.config.ts's webServer.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { freshDatabase } from "../../../../scripts/fresh-database.mjs";

await freshDatabase(process.env.DATABASE_URL ?? "");
// A fresh checkout of the site's content for the run's publishes, and no build published yet.
const { CONTENT_DIR: contentDir, SITE_RELEASES_DIR: releasesDir } = process.env;
const checkout = path.dirname(contentDir);
rmSync(path.dirname(checkout), { recursive: true, force: true });
mkdirSync(checkout, { recursive: true });
cpSync("content", contentDir, { recursive: true });
const git = (...args) => execFileSync("git", args, { cwd: checkout, stdio: "ignore" });
git("init", "--quiet", "--initial-branch=main");
git("add", "--all");
git(
  "-c",
  "user.name=Site developer",
  "-c",
  "user.email=dev@example.com",
  "commit",
  "--quiet",
  "-m",
  "The site's content",
);
mkdirSync(releasesDir, { recursive: true });

const child = spawn(process.execPath, ["scripts/start.mjs"], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
