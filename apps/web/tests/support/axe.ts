import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";
import { waitForHydration, withOfferSeen } from "./chrome";

/** WCAG 2.0/2.1 A+AA and 2.2 AA, the bar. */
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe on the page as it is now and fails with a readable list of every violation. `exclude`
 * leaves parts out (the chrome specs exclude "main": page content has its own scans).
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  { exclude }: { exclude?: string } = {},
) {
  // @axe-core/playwright types Page from its own playwright-core copy: same object at runtime.
  const axePage = page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"];
  let builder = new AxeBuilder({ page: axePage }).withTags(wcagTags);
  if (exclude) builder = builder.exclude(exclude);
  const { violations, passes } = await builder.analyze();
  expect(passes.length, `axe checked something on ${label}`).toBeGreaterThan(0);
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").join(" ")}`).join("\n"),
  );
  expect(report, `axe violations on ${label}`).toEqual([]);
}

/**
 * Loads a route and waits until React has hydrated it (SiteChrome's data-hydrated marker). The offer
 * popup is kept from opening unless `offerPopup` is set (see withOfferSeen).
 */
export async function gotoHydrated(page: Page, path: string, { offerPopup = false } = {}) {
  if (!offerPopup) await withOfferSeen(page);
  await page.goto(path);
  await waitForHydration(page);
}
