import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
import {
  baseURL,
  e2eDatabaseUrl,
  e2eRateLimitPerMinute,
  notifyTo,
  repoRoot,
  smtpSinkHttpPort,
  smtpSinkPort,
  smtpSinkUrl,
} from "./tests/support/e2e-env";

export { baseURL };

/** Debian's Chromium, launched as the workplace requires (no downloads, no background traffic). */
const chromium = { executablePath: chromiumPath, args: [...chromiumFlags] };

export default defineConfig({
  testDir: "./tests",
  outputDir: path.join(repoRoot, "test-results"),
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    {
      name: "mobile",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 740 },
        hasTouch: true,
        isMobile: false,
      },
    },
  ],
  webServer: [
    {
      // The SMTP peer that receives the lead notifications (tests/support/smtp-sink.ts).
      name: "smtp-sink",
      command: "node node_modules/jiti/lib/jiti-cli.mjs apps/web/tests/support/smtp-sink.ts",
      cwd: repoRoot,
      url: `${smtpSinkUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_SINK_PORT: String(smtpSinkPort), SMTP_SINK_HTTP_PORT: String(smtpSinkHttpPort) },
    },
    {
      name: "site",
      command: "node scripts/start.mjs",
      cwd: repoRoot,
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        // The specs read the same database with `npm run leads` (tests/support/e2e-env.ts).
        DATABASE_URL: e2eDatabaseUrl,
        SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort}`,
        NOTIFY_TO: notifyTo,
        // The run posts many forms from one IP: lift the per-IP limit (default 10 per minute).
        RATE_LIMIT_PER_MINUTE: String(e2eRateLimitPerMinute),
        ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? baseURL,
        LOG_LEVEL: "warn",
      },
    },
  ],
});
