/**
 * Playwright Test runs the suite (projects = engines, see playwright.config.ts); its browsers are
 * ours. One browser per engine and worker, one fresh visitor (`tab`) per check. After every check,
 * whatever it checked: no uncaught error in the page.
 */
import { test as base, expect } from "@playwright/test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { baseURL } from "../tests/support/e2e-env";
import type { EngineBrowser, EngineName } from "./driver/driver";
import { launchEngine } from "./driver/engines";
import { briefBacktraces } from "./driver/webkit-backtraces";
import { knownFailureOf } from "./known-failures";
import { Tab } from "./tab";

/** The worker's browser, started on first use and started again after a check left it failing. */
class EngineHolder {
  private browser: Promise<EngineBrowser> | undefined;

  constructor(readonly name: EngineName) {}

  get(): Promise<EngineBrowser> {
    this.browser ??= launchEngine(this.name);
    return this.browser;
  }

  async discard() {
    const browser = this.browser;
    this.browser = undefined;
    await (await browser?.catch(() => undefined))?.close().catch(() => undefined);
  }
}

/**
 * Failures of a page that stopped answering: Tab's PageFrozenError, and what WebKitWebDriver answers
 * when the web process is gone or stuck (issue 31), or a command that got no answer at all.
 */
const FROZEN = /stopped answering|page crash or hang|Could not parse script result|no answer in \d+ ms/;

interface WorkerFixtures {
  engineName: EngineName;
  engine: EngineHolder;
}

export const test = base.extend<{ tab: Tab; knownFailure: void }, WorkerFixtures>({
  engineName: ["chromium", { scope: "worker", option: true }],

  engine: [
    async ({ engineName }, provide) => {
      const holder = new EngineHolder(engineName);
      await provide(holder);
      await holder.discard();
    },
    { scope: "worker", timeout: 90_000 },
  ],

  /** Applies known-failures.ts to every check (set up before, torn down after everything else). */
  knownFailure: [
    async ({ engineName }, provide, testInfo) => {
      const known = knownFailureOf(engineName, testInfo.titlePath.slice(1));
      if (known?.kind === "fails") testInfo.fail(true, known.because);
      await provide();
      if (known?.kind === "intermittent") {
        const failed = testInfo.status !== "passed";
        testInfo.annotations.push({
          type: "known failure",
          description: `${failed ? "failed as known" : "did not show this run"}: ${known.because}`,
        });
        if (failed) testInfo.expectedStatus = testInfo.status ?? "failed";
      }
    },
    { auto: true },
  ],

  tab: [
    async ({ engine, engineName }, provide, testInfo) => {
      const driver = await (await engine.get()).newTab();
      const tab = new Tab(driver, engineName, baseURL);
      await provide(tab);
      if (testInfo.status === "passed") {
        const { uncaught } = await tab.errors();
        expect(uncaught, "uncaught errors in the page").toEqual([]);
        await driver.close();
      } else {
        // A page that stopped answering: what the engine can tell, taken while it is still stuck.
        let gist: string | undefined;
        if (testInfo.errors.some((e) => FROZEN.test(e.message ?? ""))) {
          const report = await (await engine.get()).diagnose?.().catch((e: Error) => e.message);
          if (report) {
            // Written beside the check's other results (test-results/engines/<check>/attachments/).
            const file = path.join(await mkdtemp(path.join(os.tmpdir(), "engines-")), "report.txt");
            await writeFile(file, report);
            await testInfo.attach(`${engineName}-stopped-answering.txt`, {
              path: file,
              contentType: "text/plain",
            });
            await rm(path.dirname(file), { recursive: true });
            if (engineName === "webkit") gist = briefBacktraces(report);
          }
        }
        // It may have taken the browser with it: start a new one.
        await engine.discard();
        // The gist as one more error of the check, in the run's summary of failures: the end of a CI
        // log outlives the attachment.
        if (gist) throw new Error(`WebKit stopped answering; each process's main thread then:\n${gist}`);
      }
    },
    // Its own time, apart from the check's: backtraces of a stuck browser take a while.
    { timeout: 150_000 },
  ],
});

export { expect };
