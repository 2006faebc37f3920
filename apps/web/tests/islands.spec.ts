import { type Page, type Route, expect, test } from "@playwright/test";
import { waitForHydration, withCookiesAccepted, withOfferSeen } from "./support/chrome";

// The islands' loader of a content page (app/islands/main.ts, docs/decisions/0022-content-page-islands.md):
// at load it fetches no framework code; a widget's code (Preact and its component) comes at its first
// use, and what the visitor did before it arrived is done again once it runs.

const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((name) => name.endsWith(".js")),
  );

/** Holds every request for the header's chunk until the returned function is called. */
async function holdHeaderChunk(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let release = false;
  await page.route(/\/assets\/header-[\w-]+\.js$/, (route) => {
    if (release) return route.continue();
    held.push(route);
  });
  return async () => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    release = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

test.beforeEach(async ({ page }) => {
  await withCookiesAccepted(page);
  await withOfferSeen(page);
});

test("a content page nobody has used fetches only the loader: no Preact, no widget's code", async ({
  page,
}) => {
  await page.goto("/services/internet-services");
  await waitForHydration(page);
  const scripts = await scriptsLoaded(page);
  expect(scripts.filter((s) => /^\/assets\/islands-[\w-]+\.js$/.test(s))).toHaveLength(1);
  expect(
    scripts.filter((s) => /(preact|hydrate|header|chat-widget|cookie-banner|back-to-top)-/.test(s)),
  ).toEqual([]);
});

test.describe("desktop", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, "the dropdowns are the desktop header's");

  test("a dropdown clicked before its code arrives opens once it runs", async ({ page }) => {
    const release = await holdHeaderChunk(page);
    await page.goto("/services/internet-services");
    await waitForHydration(page);
    const products = page.getByRole("button", { name: "Products" });
    // A click with no pointer on its way (the keyboard's Enter, a script) wakes the header by itself.
    await products.dispatchEvent("click");
    await expect(products).toHaveAttribute("aria-expanded", "false");
    await release();
    await expect(products).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`[id="${await products.getAttribute("aria-controls")}"]`)).toBeVisible();
  });

  test("a dropdown the mouse is over when its code arrives opens, as on hover", async ({ page }) => {
    const release = await holdHeaderChunk(page);
    await page.goto("/services/internet-services");
    await waitForHydration(page);
    const services = page.getByRole("button", { name: "Services", exact: true });
    await services.hover();
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await release();
    await expect(services).toHaveAttribute("aria-expanded", "true");
  });
});

test.describe("mobile", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 1024, "the menu button is the mobile header's");

  test("the menu button tapped before its code arrives opens the menu once it runs", async ({ page }) => {
    const release = await holdHeaderChunk(page);
    await page.goto("/services/internet-services");
    await waitForHydration(page);
    const menu = page.getByRole("button", { name: /menu/i });
    await menu.click();
    await release();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    // Once: the tap is not answered twice (which would close the menu again).
    await page.waitForTimeout(300);
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  });
});
