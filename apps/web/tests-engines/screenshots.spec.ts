/**
 * Pictures to look at, not checks: /, /quote and the open mobile menu over a first-time visitor's
 * cookie banner, at 375 px, in each engine. Taken only when asked:
 *   ENGINES_SCREENSHOTS=1 npm run test:engines -- screenshots
 * into test-results/engines-screenshots/ (kept out of git).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../tests/support/e2e-env";
import { expect, test } from "./fixtures";
import type { Tab } from "./tab";

const dir = path.join(repoRoot, "test-results", "engines-screenshots");

/** Lets transitions (the chevron turns in 150 ms) end and the engine paint, then takes the picture. */
async function snap(tab: Tab, file: string) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await tab.run(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await tab.screenshot(path.join(dir, file));
}

test("375 px: home, quote form, open mobile menu with the cookie banner", async ({ tab, engineName }) => {
  test.skip(!process.env.ENGINES_SCREENSHOTS, "only with ENGINES_SCREENSHOTS=1");
  mkdirSync(dir, { recursive: true });
  await tab.setViewport(375, 812);
  await tab.open("/");
  await tab.waitUntilShown("[data-cookie-banner]");
  await snap(tab, `${engineName}-home.png`);
  // The quote form from its name field down, so the service field is in the picture.
  await tab.open("/quote");
  await tab.waitUntilShown("[data-cookie-banner]");
  await tab.run(() => document.querySelector('[name="name"]')?.scrollIntoView({ block: "start" }));
  await snap(tab, `${engineName}-quote.png`);
  await tab.open("/about");
  await tab.waitUntilShown("[data-cookie-banner]");
  await tab.click({ css: "header button", name: "Open menu" });
  await tab.click({ css: 'nav[aria-label="Mobile"] button', name: "Products" });
  await tab.waitUntilShown('nav[aria-label="Mobile"] ul ul');
  await snap(tab, `${engineName}-menu.png`);
  expect(await tab.shown("[data-cookie-banner]")).toBe(true);
});
