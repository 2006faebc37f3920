import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
import {
  backend,
  contentDir,
  databaseUrl,
  deskUrl,
  ports,
  releasesDir,
  repoRoot,
  siteUrl,
  smtpSink,
} from "./tests/support/desk-env";

/** The specs that publish content (a real site build each), run after the others. */
const PUBLISHING = /content-publish\.spec\.ts$/;

/**
 * The desk's browser tests, in Debian's Chromium with a virtual authenticator (tests/support/passkey.ts).
 * `npm run test:desk` runs them on SQLite, then (with TEST_DATABASE_URL) the flow again on PostgreSQL.
 */
export default defineConfig({
  testDir: "./tests",
  outputDir: path.join(repoRoot, "test-results", `desk-${backend}`),
  fullyParallel: true,
  workers: 2,
  // In CI a failed test runs once more for its trace; one that then passes still fails the run (a
  // flake is a finding, not something a retry may hide).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  globalSetup: "./tests/support/seed.ts",
  use: {
    baseURL: deskUrl,
    launchOptions: { executablePath: chromiumPath, args: [...chromiumFlags] },
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "desktop",
      testIgnore: PUBLISHING,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      testIgnore: PUBLISHING,
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, hasTouch: true },
    },
    {
      // Publishing switches the run's site to new builds: it runs once the tests that browse the site
      // (Site speed, consultations) are done, so none of them sees the site change under it.
      name: "publishing",
      testMatch: PUBLISHING,
      dependencies: ["desktop", "mobile"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      // The SMTP peer that receives the consultations' invitations (the site's test sink).
      command: "node node_modules/jiti/lib/jiti-cli.mjs apps/web/tests/support/smtp-sink.ts",
      cwd: repoRoot,
      url: `${smtpSink.url}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_SINK_PORT: String(smtpSink.port), SMTP_SINK_HTTP_PORT: String(smtpSink.port + 1) },
    },
    {
      command: "node apps/desk/tests/support/serve.mjs",
      cwd: repoRoot,
      url: `${deskUrl}/api/session`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        DATABASE_URL: databaseUrl,
        ROLE: "all",
        PORT: String(ports.site),
        CONTACT_PORT: String(ports.contact),
        QUOTATION_PORT: String(ports.quotation),
        DESK_PORT: String(ports.desk),
        DESK_URL: deskUrl,
        RATE_LIMIT_PER_MINUTE: "1000",
        DESK_RATE_LIMIT_PER_MINUTE: "1000",
        // Every visitor of the run books from this one client: lift its cap of upcoming meetings (2).
        CONSULTATIONS_PER_CLIENT: "1000",
        // The speed tests browse the site of the run: its beacons come from its origin, many a minute.
        ALLOWED_ORIGINS: siteUrl,
        VITALS_RATE_LIMIT_PER_MINUTE: "1000",
        SMTP_URL: `smtp://127.0.0.1:${smtpSink.port}`,
        // The content the run edits and publishes, in a checkout of its own (serve.mjs makes it).
        CONTENT_DIR: contentDir,
        SITE_RELEASES_DIR: releasesDir,
        LOG_LEVEL: "warn",
      },
    },
  ],
});
