/**
 * The cross-engine suite (`npm run test:engines`): the same checks in Chromium, Firefox ESR and
 * WebKitGTK, one Playwright project per engine. Playwright Test runs the checks and starts the
 * servers; the browsers are driven by our own drivers (driver/), since Playwright's Firefox and
 * WebKit builds cannot be downloaded here and Debian's browsers are what visitors' engines are.
 */
import { defineConfig } from "@playwright/test";
import path from "node:path";
import { repoRoot } from "../tests/support/e2e-env";
import { e2eWebServers } from "../tests/support/web-servers";
import { type EngineName, engineNames } from "./driver/driver";

interface WorkerOptions {
  engineName: EngineName;
}

/** ENGINES=firefox,webkit runs some engines only. */
const chosen = (process.env.ENGINES?.split(",").filter(Boolean) ?? engineNames) as EngineName[];

export default defineConfig<object, WorkerOptions>({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: path.join(repoRoot, "test-results", "engines"),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  projects: chosen.map((engineName) => ({ name: engineName, use: { engineName } })),
  webServer: e2eWebServers,
});
