import { expect, test } from "@playwright/test";
import {
  makeScrollable,
  scrollToY,
  waitForHydration,
  withCookiesAccepted,
  withOfferSeen,
} from "./support/chrome";
import { PRODUCTS_IN_SPEC_ORDER } from "./support/products";

test.beforeEach(async ({ page }) => {
  await withCookiesAccepted(page);
  await withOfferSeen(page);
});

test("header is fixed and turns translucent white after scrolling more than 20 px", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await makeScrollable(page);
  const header = page.getByRole("banner");
  await expect(header).toHaveCSS("position", "fixed");
  await expect(header).toHaveAttribute("data-solid", "false");
  await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");

  await scrollToY(page, 20);
  await expect(header).toHaveAttribute("data-solid", "false");

  await scrollToY(page, 21);
  await expect(header).toHaveAttribute("data-solid", "true");
  await expect(header).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await expect(header).toHaveCSS("backdrop-filter", /blur/);
  const box = await header.boundingBox();
  expect(box?.y).toBe(0); // still pinned to the top while scrolled

  await scrollToY(page, 0);
  await expect(header).toHaveAttribute("data-solid", "false");
});

test("the skip link is the first focusable element and targets #main", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("the logo links home and is a sized image", async ({ page }) => {
  await page.goto("/about");
  const logo = page.getByRole("banner").locator('img[src="/logo.png"]');
  await expect(logo).toHaveAttribute("width", "40");
  await expect(logo).toHaveAttribute("height", "40");
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test.describe("mobile menu", () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "mobile (below lg) only");
  });

  test("menu button toggles the list; header is solid while it is open", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("banner")).toHaveAttribute("data-solid", "true");
    await expect(menu.locator(":scope > div > ul > li > :first-child")).toHaveText([
      "Home",
      "Services",
      "Packages",
      "Products",
      "About",
      "Careers",
      "Contact",
    ]);
    await expect(menu.getByRole("link", { name: "Request a Quote" })).toHaveAttribute("href", "/quote");
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    await close.click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("banner")).toHaveAttribute("data-solid", "false");
  });

  test("the floating chat button never covers the open menu's links", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 }); // a small phone: the menu reaches the bottom
    await withCookiesAccepted(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("button", { name: "Products" }).click();
    const quote = menu.getByRole("link", { name: "Request a Quote" });
    await quote.scrollIntoViewIfNeeded();
    // The link's whole width, right edge included (where the chat button sits), is the link's.
    const hits = await quote.evaluate((link) => {
      const { left, right, top, height } = link.getBoundingClientRect();
      return [left + 8, (left + right) / 2, right - 8].map((x) =>
        link.contains(document.elementFromPoint(x, top + height / 2)),
      );
    });
    expect(hits).toEqual([true, true, true]);
    await quote.click();
    await expect(page).toHaveURL(/\/quote$/);
  });

  test("Products expands to seven products without the library system", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    const products = menu.getByRole("button", { name: "Products" });
    await products.click();
    await expect(products).toHaveAttribute("aria-expanded", "true");
    const list = page.locator(`[id="${await products.getAttribute("aria-controls")}"]`);
    await expect(list.getByRole("link")).toHaveText(PRODUCTS_IN_SPEC_ORDER.slice(0, 7));
    await expect(list.getByRole("link", { name: "Library Management System" })).toHaveCount(0);
  });

  test("a link navigates, closes the menu and lands at the top", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await makeScrollable(page);
    await scrollToY(page, 900);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("button", { name: "Products" }).click();
    await menu.getByRole("link", { name: "Point of Sales (POS)" }).click();
    await expect(page).toHaveURL(/\/products\/pos$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("Escape closes the menu and returns focus to the menu button", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "About" }).focus();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });
});

test("every route change lands at the top of the new page", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await makeScrollable(page);
  await scrollToY(page, 1_200);
  // The footer is reachable on every viewport; its links are client-side navigations.
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("back and forward navigations land at the top too (not the restored position)", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await makeScrollable(page);
  await scrollToY(page, 1_000);
  await page.getByRole("contentinfo").getByRole("link", { name: "Careers" }).click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
