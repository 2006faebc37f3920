import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/axe";
import { routes } from "./support/site";

// axe (WCAG 2.2 AA tags) on every prerendered route, in both projects: desktop 1280 px, mobile 375 px.
// The cookie banner is up on a first visit, so every scan includes it too.
test.describe("axe on every prerendered route", () => {
  for (const path of routes) {
    test(`no violations on ${path}`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeVisible();
      await expectNoAxeViolations(page, path);
    });
  }
});

// The same with each interactive state open.
test.describe("axe with interactive states open", () => {
  test("mobile menu open", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "the menu button is the mobile header");
    test.slow(); // two full axe scans
    await gotoHydrated(page, "/");
    const header = page.getByRole("banner");
    const toggle = header.getByRole("button", { name: /^(open|close) menu$/i });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: /^careers$/i })).toBeVisible();
    await expectNoAxeViolations(page, "/ with the mobile menu open");
    await menu.getByRole("button", { name: "Products" }).click();
    await expect(menu.getByRole("link", { name: "Point of Sales (POS)" })).toBeVisible();
    await expectNoAxeViolations(page, "/ with the mobile menu and its products list open");
  });

  test("header dropdowns open", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the dropdowns are the desktop header");
    test.slow(); // two full axe scans
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, item] of [
      ["Services", /view all services/i],
      ["Products", /e-commerce platform/i],
    ] as const) {
      const trigger = nav.getByRole("button", { name, exact: true });
      await trigger.click();
      await expect(trigger).toHaveAttribute("aria-expanded", "true");
      await expect(nav.getByRole("link", { name: item }).first()).toBeVisible();
      await expectNoAxeViolations(page, `/ with the ${name} dropdown open`);
      await page.keyboard.press("Escape");
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
    }
  });

  test("cookie settings panel open", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Cookie Settings" }).click();
    await expect(page.getByRole("checkbox", { name: /analytics/i })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /necessary/i })).toBeDisabled();
    await expectNoAxeViolations(page, "/ with the cookie settings open");
  });

  test("chat panel open", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open chat" }).click();
    await expect(page.getByRole("dialog", { name: "Chat with us" })).toContainText(/coming soon/i);
    await expectNoAxeViolations(page, "/ with the chat panel open");
  });

  test("offer popup open", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/", { offerPopup: true });
    const dialog = page.getByRole("dialog", { name: "Special Offer" });
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("20% off", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "/ with the offer popup open");
  });
});
