import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
import {
  chatBuildDir,
  databaseUrl,
  deskUrl,
  OFFICE_MORNING,
  ports,
  repoRoot,
  siteUrl,
} from "./tests-chat/support/chat-env";

/** Live chat in Chromium: a visitor's page and a member's desk, each in a browser context of its own. */
export default defineConfig({
  testDir: "./tests-chat",
  testMatch: "*.spec.ts",
  // The bench starts a cluster of its own on the same ports: playwright.chat-bench.config.ts runs it.
  testIgnore: "bench/**",
  outputDir: path.join(repoRoot, "test-results", "chat"),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    launchOptions: { executablePath: chromiumPath, args: [...chromiumFlags] },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    {
      name: "mobile",
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, hasTouch: true },
    },
  ],
  webServer: {
    command: "node apps/desk/tests-chat/support/serve-chat.mjs",
    cwd: repoRoot,
    url: `${deskUrl}/api/session`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      DATABASE_URL: databaseUrl,
      ROLE: "all",
      LIVE_CHAT: "on",
      WEB_BUILD_DIR: path.join(chatBuildDir, "client"),
      PORT: String(ports.site),
      CONTACT_PORT: String(ports.contact),
      QUOTATION_PORT: String(ports.quotation),
      DESK_PORT: String(ports.desk),
      DESK_URL: deskUrl,
      ALLOWED_ORIGINS: siteUrl,
      CHAT_FAKE_START: OFFICE_MORNING,
      TZ: "UTC",
      RATE_LIMIT_PER_MINUTE: "1000",
      CHAT_MESSAGES_PER_MINUTE: "1000",
      CHAT_CONVERSATIONS_PER_HOUR: "100",
      DESK_RATE_LIMIT_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
    },
  },
});
