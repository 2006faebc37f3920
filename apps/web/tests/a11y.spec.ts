import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated } from "./support/axe";
import { routes, stubRoutesWithoutTitle } from "./support/site";

// axe (WCAG 2.2 AA tags) on every prerendered route, in both projects: desktop 1280 px, mobile 375 px.
test.describe("axe on every prerendered route", () => {
  for (const path of routes) {
    test(`no violations on ${path}`, async ({ page }) => {
      test.fixme(stubRoutesWithoutTitle.includes(path), "stub route without <title> until the pages branch");
      await gotoHydrated(page, path);
      await expectNoAxeViolations(page, path);
    });
  }
});

// The same with each interactive state open. Locators are tolerant of the final labels; the chrome
// (header, chat, cookie banner, offer popup) is built on another branch and is not in this one yet.
// FIXME(after merge of the chrome branch): turn these test.fixme into test.
test.describe("axe with interactive states open", () => {
  test.fixme("mobile menu open", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "the menu button is the mobile header");
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("banner").getByRole("button", { name: /^(open |toggle )?(main )?menu$/i });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("banner").getByRole("link", { name: /^careers$/i })).toBeVisible();
    await expectNoAxeViolations(page, "/ with the mobile menu open");
  });

  test.fixme("header dropdowns open", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the dropdowns are the desktop header");
    await gotoHydrated(page, "/");
    const header = page.getByRole("banner");
    for (const [name, item] of [
      [/^services$/i, /view all services/i],
      [/^products$/i, /e-commerce platform/i],
    ] as const) {
      const trigger = header.getByRole("button", { name });
      await trigger.click();
      await expect(trigger).toHaveAttribute("aria-expanded", "true");
      await expect(header.getByRole("link", { name: item }).first()).toBeVisible();
      await expectNoAxeViolations(page, `/ with the ${name.source} dropdown open`);
      await page.keyboard.press("Escape");
    }
  });

  test.fixme("cookie settings panel open", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: /cookie settings/i }).click();
    await expect(page.getByRole("checkbox", { name: /analytics/i })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /necessary/i })).toBeDisabled();
    await expectNoAxeViolations(page, "/ with the cookie settings open");
  });

  test.fixme("chat panel open", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: /(open )?chat/i }).click();
    await expect(page.getByText(/coming soon/i)).toBeVisible();
    await expectNoAxeViolations(page, "/ with the chat panel open");
  });

  test.fixme("offer popup open", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/");
    await page.clock.runFor(10_000);
    const dialog = page.getByRole("dialog", { name: /special offer/i });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/20%/)).toBeVisible();
    await expectNoAxeViolations(page, "/ with the offer popup open");
  });
});
