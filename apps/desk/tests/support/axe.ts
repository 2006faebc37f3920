import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import path from "node:path";
import { screenshotDir } from "./desk-env";

/** WCAG 2.0/2.1 A+AA and 2.2 AA, the bar. */
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the page as it is now; fails with every violation listed. */
async function expectNoAxeViolations(page: Page, label: string) {
  const axePage = page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"];
  const { violations, passes } = await new AxeBuilder({ page: axePage }).withTags(wcagTags).analyze();
  expect(passes.length, `axe checked something on ${label}`).toBeGreaterThan(0);
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").join(" ")}`).join("\n"),
  );
  expect(report, `axe violations on ${label}`).toEqual([]);
}

/** axe, no horizontal scrolling, and a full-page screenshot when DESK_SCREENSHOTS names a directory. */
export async function checkScreen(page: Page, info: TestInfo, name: string) {
  await expectNoAxeViolations(page, `${name} (${info.project.name})`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `px scrolled sideways on ${name} (${info.project.name})`).toBeLessThanOrEqual(0);
  if (screenshotDir) {
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${info.project.name}.png`),
      fullPage: true,
    });
  }
}
