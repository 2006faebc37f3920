import { expect, test } from "@playwright/test";
import { waitForHydration, withCookiesAccepted, withOfferSeen } from "./support/chrome";
import { PRODUCTS_IN_SPEC_ORDER } from "./support/products";

test.beforeEach(async ({ page }) => {
  await withCookiesAccepted(page);
  await withOfferSeen(page);
});

test.describe("desktop navigation", () => {
  test.beforeEach(({ page: _page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "desktop (lg and up) only");
  });

  test("active link has aria-current=page; Services/Products highlight by path", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.goto("/careers");
    await expect(nav.getByRole("link", { name: "Careers" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");

    await page.goto("/services/internet-services");
    await expect(nav.getByRole("button", { name: "Services" })).toHaveAttribute("data-active", "true");
    await expect(nav.getByRole("button", { name: "Products" })).not.toHaveAttribute("data-active");

    await page.goto("/products/pos");
    await expect(nav.getByRole("button", { name: "Products" })).toHaveAttribute("data-active", "true");
    await expect(nav.getByRole("button", { name: "Services" })).not.toHaveAttribute("data-active");
    const highlighted = await nav
      .getByRole("button", { name: "Products" })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = await nav
      .getByRole("button", { name: "Services" })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(highlighted).not.toBe(plain);
  });

  test("dropdown opens on hover and closes 200 ms after the pointer leaves", async ({ page }) => {
    // install() fakes the timers but lets time flow; pauseAt() stops it, so only runFor() moves it.
    await page.clock.install({ time: new Date("2026-03-02T10:00:00Z") });
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.pauseAt(new Date("2026-03-02T10:10:00Z"));
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Products" });
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);

    await button.hover();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();

    await page.mouse.move(20, 700);
    await page.clock.runFor(150);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await page.clock.runFor(60);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();

    // Leaving and coming back within 200 ms keeps it open.
    await button.hover();
    await page.mouse.move(20, 700);
    await page.clock.runFor(100);
    await button.hover();
    await page.clock.runFor(500);
    await expect(panel).toBeVisible();
  });

  test("Products dropdown: 600 px wide, two columns, eight products in the spec's order", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Products" });
    await button.click();
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())?.width).toBe(600);
    const names = panel.locator("a > span:first-child");
    await expect(names).toHaveText(PRODUCTS_IN_SPEC_ORDER);
    await expect(panel.locator("a > span:nth-child(2)")).toHaveCount(8);
    const boxes = await panel
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().x)));
    expect(new Set(boxes).size).toBe(2); // two columns
    expect(await panel.getByRole("link").first().getAttribute("href")).toBe("/products/ecommerce-platform");
  });

  test("Services dropdown: 350 px wide with View All Services and Our Packages", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" });
    await button.hover();
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeVisible();
    expect((await panel.boundingBox())?.width).toBe(350);
    await expect(panel.getByRole("link", { name: "View All Services" })).toHaveAttribute("href", "/services");
    await expect(panel.getByRole("link", { name: "Our Packages" })).toHaveAttribute("href", "/packages");
    await panel.getByRole("link", { name: "Our Packages" }).click();
    await expect(page).toHaveURL(/\/packages$/);
    await expect(panel).toBeHidden();
  });

  test("dropdowns open by keyboard; Escape closes and returns focus; focus leaving closes", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const services = nav.getByRole("button", { name: "Services" });
    const products = nav.getByRole("button", { name: "Products" });

    await services.focus();
    await page.keyboard.press("Enter");
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "View All Services" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(services).toBeFocused();

    await products.focus();
    await page.keyboard.press("Space");
    await expect(products).toHaveAttribute("aria-expanded", "true");
    for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /Library Management System/ })).toBeFocused();
    await page.keyboard.press("Tab"); // to About: focus left the dropdown
    await expect(nav.getByRole("link", { name: "About" })).toBeFocused();
    await expect(products).toHaveAttribute("aria-expanded", "false");
  });

  test("Request a Quote button leads to /quote", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "Request a Quote" }).click();
    await expect(page).toHaveURL(/\/quote$/);
  });
});
