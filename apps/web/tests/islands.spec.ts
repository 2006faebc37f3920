import { type Page, type Route, expect, test } from "@playwright/test";
import { OFFER_DELAY_MS, OFFER_PRELOAD_LEAD_MS } from "../app/lib/offer-delay";
import { waitForHydration, withCookiesAccepted, withOfferSeen } from "./support/chrome";

// The islands' loader of a content page (app/islands/main.ts, docs/decisions/0022-content-page-islands.md):
// at load it fetches no framework code; a widget's code (Preact and its component) comes at its first
// use, and what the visitor did before it arrived is done again once it runs. For a visitor who has not
// accepted cookies the loader itself starts at that first use (build-steps/boot-after-paint.ts), and
// what the visitor did before it ran is replayed to the widget too.

const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((name) => name.endsWith(".js")),
  );

const LOADER = /\/assets\/islands-[\w-]+\.js$/;
const HEADER_CHUNK = /\/assets\/header-[\w-]+\.js$/;

/** Holds every request for a script until the returned function is called. */
async function holdScript(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let release = false;
  await page.route(pattern, (route) => {
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
  await withOfferSeen(page);
});

/** Once the loader has run: it was fetched once, and no framework or widget code with it. */
async function expectOnlyTheLoader(page: Page) {
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
  const scripts = await scriptsLoaded(page);
  expect(scripts.filter((s) => LOADER.test(s))).toHaveLength(1);
  expect(
    scripts.filter((s) => /(preact|hydrate|header|chat-widget|cookie-banner|back-to-top)-/.test(s)),
  ).toEqual([]);
}

test("a content page a new visitor has not used runs no script file; the first use starts the loader", async ({
  page,
}) => {
  await page.goto("/services/internet-services");
  await waitForHydration(page);
  await expect(page.locator("html[data-islands='on-demand']")).toBeAttached();
  expect(await scriptsLoaded(page)).toEqual([]);
  await page.mouse.move(20, 300);
  await expectOnlyTheLoader(page);
});

// The Speculation Rules come with the loader (build-steps/boot-after-paint.ts): not in the page as it
// loads, where the browser's matching of every link against them was most of what its scripts cost; in
// it from the first use, and a link the pointer then rests on is fetched ahead (Chromium's "moderate").
test("a content page's Speculation Rules come with the first use, and a link the pointer rests on is fetched ahead", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a pointer resting on a link is a mouse's");
  const rules = page.locator('script[type="speculationrules"]');
  const prefetched: string[] = [];
  page.on("request", (r) => {
    if (/prefetch/.test(r.headers()["sec-purpose"] ?? "")) prefetched.push(new URL(r.url()).pathname);
  });
  await page.goto("/services/internet-services");
  await waitForHydration(page);
  await expect(page.locator("html[data-islands='on-demand']")).toBeAttached();
  await expect(rules).toHaveCount(0);
  await page.locator('footer a[href="/about"]').hover();
  await expect(rules).toHaveCount(1);
  await expect.poll(() => prefetched).toEqual(["/about"]);
});

test("a page React Router boots keeps its Speculation Rules in the page: React hydrates them", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.locator('body > script[type="speculationrules"]')).toHaveCount(1);
});

test("a content page a visitor who accepted cookies opens fetches only the loader: no Preact, no widget's code", async ({
  page,
}) => {
  await withCookiesAccepted(page);
  await page.goto("/services/internet-services");
  await expectOnlyTheLoader(page);
});

test.describe("the home page, a new visitor who does not use it", () => {
  test("runs no script file until the offer popup's code is due, 8 s after the page started", async ({
    page,
  }) => {
    // Requests, not resource timing: the fake clock fakes `performance` too.
    const scripts: string[] = [];
    page.on(
      "request",
      (request) => request.url().endsWith(".js") && scripts.push(new URL(request.url()).pathname),
    );
    await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
    await page.clock.pauseAt(new Date("2026-03-02T09:00:01Z"));
    await page.goto("/");
    await expect(page.locator("html[data-islands='on-demand']")).toBeAttached();
    await page.clock.runFor(OFFER_DELAY_MS - OFFER_PRELOAD_LEAD_MS - 100);
    await page.waitForTimeout(300); // time for a loader started early to be fetched, were it started
    expect(scripts).toEqual([]);
    await page.clock.runFor(100);
    await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
    // The popup was seen in this visit (beforeEach): its code is not fetched, only the loader.
    expect(scripts).toEqual([expect.stringMatching(LOADER)]);
  });

  test("starts the loader when the carousel nears the viewport: on a screen tall enough, at load", async ({
    page,
  }) => {
    test.skip((page.viewportSize()?.width ?? 0) < 1024, "one screen size is enough");
    const carouselTop = () =>
      page.locator("[data-island='why-choose'] > *").evaluate((e) => e.getBoundingClientRect().top);
    await page.goto("/");
    await expect(page.locator("html[data-islands='on-demand']")).toBeAttached();
    const top = await carouselTop();
    expect(top, "the carousel starts well below the first screen").toBeGreaterThan(800 + 300 + 500);
    await page.setViewportSize({ width: 1280, height: Math.round(top) - 200 });
    await page.reload();
    await expect(page.locator("[aria-roledescription='carousel']")).toHaveAttribute(
      "data-carousel-ready",
      "true",
    );
    expect(await page.evaluate(() => scrollY), "no scroll woke it").toBe(0);
  });
});

// Held: for a visitor who accepted cookies the header's chunk (the loader runs at load); for a new
// visitor the loader, which the first use starts.
for (const visitor of ["accepted", "new"] as const) {
  const held = visitor === "accepted" ? HEADER_CHUNK : LOADER;
  const what = visitor === "accepted" ? "its code arrives" : "the loader arrives";

  test.describe(`${visitor === "accepted" ? "a visitor who accepted cookies" : "a new visitor"}, desktop`, () => {
    test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, "the dropdowns are the desktop header's");
    test.beforeEach(async ({ page }) => {
      if (visitor === "accepted") await withCookiesAccepted(page);
    });

    test(`a dropdown clicked before ${what} opens once it runs`, async ({ page }) => {
      const release = await holdScript(page, held);
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

    test(`a dropdown the mouse is over when ${what} opens, as on hover`, async ({ page }) => {
      const release = await holdScript(page, held);
      await page.goto("/services/internet-services");
      await waitForHydration(page);
      const services = page.getByRole("button", { name: "Services", exact: true });
      await services.hover();
      await expect(services).toHaveAttribute("aria-expanded", "false");
      await release();
      await expect(services).toHaveAttribute("aria-expanded", "true");
    });
  });

  test.describe(`${visitor === "accepted" ? "a visitor who accepted cookies" : "a new visitor"}, mobile`, () => {
    test.skip(({ viewport }) => (viewport?.width ?? 0) >= 1024, "the menu button is the mobile header's");
    test.beforeEach(async ({ page }) => {
      if (visitor === "accepted") await withCookiesAccepted(page);
    });

    test(`the menu button tapped before ${what} opens the menu once it runs`, async ({ page }) => {
      const release = await holdScript(page, held);
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
}
