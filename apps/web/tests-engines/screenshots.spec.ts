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

const dir = path.join(repoRoot, "test-results", "engines-screenshots");

test("375 px: home, quote form, open mobile menu with the cookie banner", async ({ tab, engineName }) => {
  test.skip(!process.env.ENGINES_SCREENSHOTS, "only with ENGINES_SCREENSHOTS=1");
  mkdirSync(dir, { recursive: true });
  await tab.setViewport(375, 812);
  for (const [name, page] of [
    ["home", "/"],
    ["quote", "/quote"],
  ] as const) {
    await tab.open(page);
    await tab.waitUntilShown("[data-cookie-banner]");
    await tab.screenshot(path.join(dir, `${engineName}-${name}.png`));
  }
  await tab.open("/about");
  await tab.waitUntilShown("[data-cookie-banner]");
  await tab.click({ css: "header button", name: "Open menu" });
  await tab.click({ css: 'nav[aria-label="Mobile"] button', name: "Products" });
  await tab.waitUntilShown('nav[aria-label="Mobile"] ul ul');
  await tab.screenshot(path.join(dir, `${engineName}-menu.png`));
  expect(await tab.shown("[data-cookie-banner]")).toBe(true);
});
