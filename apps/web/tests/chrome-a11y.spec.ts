import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration, withOfferSeen } from "./support/chrome";

/** axe over the shared chrome only (page content belongs to the page modules and their own tests). */
const expectNoViolations = (page: Parameters<typeof expectNoAxeViolations>[0]) =>
  expectNoAxeViolations(page, "the chrome", { exclude: "main" });

test("the chrome has no axe violations, with the cookie banner and its settings open", async ({ page }) => {
  await withOfferSeen(page);
  await page.goto("/");
  await waitForHydration(page);
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Cookie Settings" }).click();
  await expect(page.getByRole("checkbox", { name: /Necessary/ })).toBeVisible();
  await expectNoViolations(page);
});

test("the chrome has no axe violations with the chat panel open", async ({ page }) => {
  await withOfferSeen(page);
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
  await withOfferSeen(page);
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
