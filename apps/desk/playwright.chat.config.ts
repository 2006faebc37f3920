import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
import { type EngineName, engineNames } from "../web/tests-engines/driver/driver";
import {
  chatBuildDir,
  databaseUrl,
  deskUrl,
  OFFICE_MORNING,
  ports,
  repoRoot,
  siteUrl,
} from "./tests-chat/support/chat-env";

interface WorkerOptions {
  engineName: EngineName;
}

/** ENGINES=firefox,webkit picks the engines of the cross-engine chat check (Chromium has its own specs). */
const engines = ((process.env.ENGINES?.split(",").filter(Boolean) ?? engineNames) as EngineName[]).filter(
  (e) => e !== "chromium",
);

// The cross-engine check invites its member with the leads command, which reads DATABASE_URL: the
// run's database. Workers inherit the runner's environment.
process.env.DATABASE_URL = databaseUrl;

/**
 * The live chat on the LIVE_CHAT=on build, one server for every project (`npm run test:chat`):
 * - `desktop` and `mobile`: tests-chat/*.spec.ts in Chromium, a visitor's page and a member's desk, each
 *   in a browser context of its own;
 * - `engine-firefox` and `engine-webkit`: the web app's tests-engines/live-chat.chat.ts, a visitor in
 *   that engine (our own drivers, as the cross-engine suite) chatting with a member in Chromium.
 * The bench (tests-chat/bench) starts a cluster of its own on the same ports, so it has a config of its
 * own (playwright.chat-bench.config.ts), without this one's server.
 */
export default defineConfig<object, WorkerOptions>({
  testDir: "./tests-chat",
  testMatch: "*.spec.ts",
  testIgnore: "bench/**",
  outputDir: path.join(repoRoot, "test-results", "chat"),
  fullyParallel: false,
  workers: 1,
  // In CI a failed test runs once more for its trace; one that then passes still fails the run (a
  // flake is a finding, not something a retry may hide).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
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
    ...engines.map((engineName) => ({
      name: `engine-${engineName}`,
      testDir: "../web/tests-engines",
      testMatch: "*.chat.ts",
      testIgnore: [] as string[],
      outputDir: path.join(repoRoot, "test-results", "engines-chat"),
      timeout: 90_000,
      use: { engineName },
    })),
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
