/**
 * The site's browser suites, one Playwright config because they need the same servers (the spec's
 * build, both services and the SMTP peer: tests/support/web-servers.ts):
 * - `npm run test:browser`: tests/ in Debian's Chromium, projects `desktop` (1280 px) and `mobile` (375 px);
 * - `npm run test:engines`: the cross-engine suite, tests-engines/*.spec.ts, one project per engine
 *   (`engine-chromium`, `engine-firefox`, `engine-webkit`). Its browsers are driven by our own drivers
 *   (tests-engines/driver/), since Playwright's Firefox and WebKit builds cannot be downloaded here and
 *   Debian's browsers are what visitors' engines are. ENGINES=firefox,webkit runs some engines only.
 */
import { defineConfig, devices } from "@playwright/test";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
import { type EngineName, engineNames } from "./tests-engines/driver/driver";
import { baseURL, repoRoot } from "./tests/support/e2e-env";
import { e2eWebServers } from "./tests/support/web-servers";

export { baseURL };

interface WorkerOptions {
  engineName: EngineName;
}

/** Debian's Chromium, launched as the workplace requires (no downloads, no background traffic). */
const chromium = { executablePath: chromiumPath, args: [...chromiumFlags] };
const engines = (process.env.ENGINES?.split(",").filter(Boolean) ?? engineNames) as EngineName[];

export default defineConfig<object, WorkerOptions>({
  testDir: "./tests",
  outputDir: path.join(repoRoot, "test-results"),
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
    ...engines.map((engineName) => ({
      name: `engine-${engineName}`,
      testDir: "./tests-engines",
      testMatch: "*.spec.ts",
      outputDir: path.join(repoRoot, "test-results", "engines"),
      timeout: 60_000,
      use: { engineName },
    })),
  ],
  webServer: e2eWebServers,
});
