import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { waitForHydration } from "./support/chrome";

type AxePage = ConstructorParameters<typeof AxeBuilder>[0]["page"];

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe over the shared chrome only (page content belongs to the page modules and their own tests). */
async function expectNoViolations(page: Page) {
  // @axe-core/playwright types `page` against its own playwright-core copy; the runtime object is the same.
  const results = await new AxeBuilder({ page: page as unknown as AxePage })
    .withTags(TAGS)
    .exclude("main")
    .analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("the chrome has no axe violations, with the cookie banner and its settings open", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Cookie Settings" }).click();
  await expect(page.getByRole("checkbox", { name: /Necessary/ })).toBeVisible();
  await expectNoViolations(page);
});

test("the chrome has no axe violations with the chat panel open", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Accept" }).click();
  await page.getByRole("button", { name: "Open chat" }).click();
  await expect(page.getByRole("dialog", { name: "Chat with us" })).toContainText(/coming soon/i);
  await expectNoViolations(page);
});

test("the chrome has no axe violations with a dropdown or the mobile menu open", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Accept" }).click();
  if (testInfo.project.name === "desktop") {
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Products" }).click();
    await expect(page.getByRole("link", { name: /Library Management System/ })).toBeVisible();
  } else {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Products" }).click();
    await expect(page.getByRole("link", { name: "Point of Sales (POS)" })).toBeVisible();
  }
  await expectNoViolations(page);
});
