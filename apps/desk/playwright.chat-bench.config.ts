import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
import { repoRoot } from "./tests-chat/support/chat-env";

/**
 * The live-chat bench and the SIGKILL test (tests-chat/bench): they start their own cluster (two
 * instances, nginx, Redis; tests-chat/support/chat-cluster.ts), so no webServer here.
 */
export default defineConfig({
  testDir: "./tests-chat/bench",
  testMatch: "*.spec.ts",
  outputDir: path.join(repoRoot, "test-results", "chat-bench"),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 240_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    launchOptions: { executablePath: chromiumPath, args: [...chromiumFlags] },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
});
