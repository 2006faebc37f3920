// `npm run test:desk`: the desk's browser tests (apps/desk/tests) on SQLite, then the walk through the
// desk (desk-flow.spec.ts) again on PostgreSQL when TEST_DATABASE_URL is set (required under CI=true).
// Extra arguments go to Playwright (e.g. a spec file, --project desktop).
import { spawnSync } from "node:child_process";
import path from "node:path";

const config = path.join("apps", "desk", "playwright.config.ts");

const args = process.argv.slice(2);
function playwright(backend, extra) {
  console.log(`desk browser tests on ${backend}`);
  const r = spawnSync("npx", ["playwright", "test", "-c", config, ...extra], {
    stdio: "inherit",
    env: { ...process.env, DESK_E2E_BACKEND: backend },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

playwright("sqlite", args);
if (process.env.TEST_DATABASE_URL) playwright("postgres", args.length ? args : ["desk-flow.spec.ts"]);
else if (process.env.CI === "true") {
  console.error("CI=true but TEST_DATABASE_URL is not set: the desk's PostgreSQL run cannot be skipped");
  process.exit(1);
} else console.log("TEST_DATABASE_URL is not set: the PostgreSQL run is skipped");
