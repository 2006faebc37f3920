import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";

/** WCAG 2.0/2.1 A+AA and 2.2 AA, the bar. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the page as it is now and fails with a readable list of every violation. */
export async function expectNoAxeViolations(page: Page, label: string) {
  // @axe-core/playwright types Page from its own playwright-core copy: same object at runtime.
  const axePage = page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"];
  const { violations } = await new AxeBuilder({ page: axePage }).withTags(wcagTags).analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").join(" ")}`).join("\n"),
  );
  expect(report, `axe violations on ${label}`).toEqual([]);
}

/** Loads a route and waits until React has hydrated (the route module scripts have run). */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path, { waitUntil: "load" });
  await page.waitForFunction(
    () => "__reactRouterRouteModules" in window && document.readyState === "complete",
  );
}
