import type { PlaywrightTestConfig } from "@playwright/test";
import {
  baseURL,
  e2eDatabaseUrl,
  e2eRateLimitPerMinute,
  notifyTo,
  repoRoot,
  smtpSinkHttpPort,
  smtpSinkPort,
  smtpSinkUrl,
} from "./e2e-env";

/**
 * The servers every browser run needs (playwright.config.ts: the Chromium and the cross-engine projects):
 * the SMTP peer that receives the lead notifications, and `npm start` (site and both services) on a
 * fresh database (serve-site.mjs).
 */
export const e2eWebServers: NonNullable<PlaywrightTestConfig["webServer"]> = [
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
    command: "node apps/web/tests/support/serve-site.mjs",
    cwd: repoRoot,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      // Emptied before the server starts; the specs read it with `npm run leads` (e2e-env.ts).
      DATABASE_URL: e2eDatabaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort}`,
      NOTIFY_TO: notifyTo,
      // The run posts many forms from one IP: lift the per-IP limit (default 10 per minute).
      RATE_LIMIT_PER_MINUTE: String(e2eRateLimitPerMinute),
      // Pages viewed with cookies accepted send speed beacons: many a minute from one address too.
      VITALS_RATE_LIMIT_PER_MINUTE: String(e2eRateLimitPerMinute),
      // Every booking of the run comes from this one client: lift its cap of upcoming meetings (2).
      CONSULTATIONS_PER_CLIENT: String(e2eRateLimitPerMinute),
      ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? baseURL,
      LOG_LEVEL: "warn",
    },
  },
];
