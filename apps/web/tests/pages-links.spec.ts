import { expect, test } from "@playwright/test";
import { internalHrefs } from "./pages-helpers";
import { pageRoutes as pagePaths } from "./support/site";

test("every internal link on every prerendered page leads to a real page", async ({ request }) => {
  test.setTimeout(120_000);
  const targets = new Map<string, string>();
  for (const path of pagePaths) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    for (const href of internalHrefs(await res.text())) if (!targets.has(href)) targets.set(href, path);
  }
  expect(targets.size).toBeGreaterThan(15);
  for (const [href, from] of targets) {
    const res = await request.get(href);
    expect(res.status(), `${href} (linked from ${from})`).toBe(200);
    const body = await res.text();
    expect(body, `${href} (linked from ${from})`).not.toContain("Page not found");
  }
});

test("no page overflows horizontally at 375 px", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of pagePaths) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(375);
  }
});
