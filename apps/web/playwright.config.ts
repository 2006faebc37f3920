import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
import { baseURL, repoRoot } from "./tests/support/e2e-env";
import { e2eWebServers } from "./tests/support/web-servers";

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
  webServer: e2eWebServers,
});
