import { type Page, expect, test } from "@playwright/test";
import { waitForHydration, withCookiesAccepted, withOfferSeen } from "./support/chrome";

// How a page loads (apps/web/build-steps/rewrite-pages.ts): its CSS is inlined, React Router's boot runs
// after the first paint, and nothing moves while it boots.

const resources = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => ({
      name: new URL(e.name).pathname,
      start: e.startTime,
      end: e.responseEnd,
      initiator: (e as PerformanceResourceTiming).initiatorType,
    })),
  );

test("a page React Router boots paints from its HTML alone: the stylesheet is inline and the scripts start after the paint", async ({
  page,
}) => {
  await withOfferSeen(page);
  // When React marks the page hydrated, and when a script first adds a preload or modulepreload link.
  await page.addInitScript(() => {
    const w = window as unknown as { __hydratedAt?: number; __firstPreloadAt?: number };
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated !== "true") return;
      w.__hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
    addEventListener("DOMContentLoaded", () => {
      new MutationObserver((records, observer) => {
        const added = records.flatMap((r) => [...r.addedNodes]);
        if (!added.some((n) => n instanceof HTMLLinkElement && /preload/.test(n.rel))) return;
        w.__firstPreloadAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
  });
  await page.goto("/contact");
  await waitForHydration(page);

  const link = page.locator('link[rel="stylesheet"]');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute("disabled", "");
  await expect(page.locator("head > style")).toHaveCount(1);
  await expect(page.locator("header").first()).toHaveCSS("position", "fixed");

  const loaded = await resources(page);
  expect(loaded.filter((r) => r.name.endsWith(".css"))).toEqual([]);
  const times = await page.evaluate(() => {
    const w = window as unknown as { __hydratedAt?: number; __firstPreloadAt?: number };
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
    return { hydratedAt: w.__hydratedAt ?? NaN, fcp: fcp ?? NaN, firstPreloadAt: w.__firstPreloadAt };
  });
  // Painted before hydration. The only script <head> preloads is the client entry (a few hundred
  // bytes); every other chunk is requested by React Router's module script, which runs after the paint.
  expect(times.fcp).toBeLessThan(times.hydratedAt);
  await expect(page.locator('link[rel="modulepreload"][href^="/assets/entry.client-"]')).toHaveCount(1);
  const scripts = loaded.filter((r) => r.name.endsWith(".js"));
  const chunks = scripts.filter((s) => !s.name.startsWith("/assets/entry.client-"));
  expect(chunks.length).toBeGreaterThanOrEqual(5);
  for (const s of chunks) expect(s.start, s.name).toBeGreaterThanOrEqual(times.fcp);
  // Each chunk fetched once, by the module script (no preload link of ours).
  expect(scripts.map((s) => s.name)).toEqual([...new Set(scripts.map((s) => s.name))]);
  expect(chunks.filter((s) => s.initiator === "link")).toEqual([]);
  // No script adds a preload or modulepreload link while the page boots (issues 19 and 28: WebKit could
  // freeze a page that import()s a module it was just told to preload). React's <Scripts/> renders React
  // Router's modulepreload links as it hydrates, once every chunk of the page has arrived.
  const firstLoad = chunks.filter((s) => s.start < times.hydratedAt);
  expect(times.firstPreloadAt ?? Infinity).toBeGreaterThanOrEqual(Math.max(...firstLoad.map((s) => s.end)));
});

test("a content page paints from its HTML alone, then (cookies accepted) loads the islands' script, and no router", async ({
  page,
}) => {
  await withOfferSeen(page);
  // A new visitor's page starts the loader at the first use (islands.spec.ts); one who accepted, at load.
  await withCookiesAccepted(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __hydratedAt?: number };
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated !== "true") return;
      w.__hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  });
  await page.goto("/services/internet-services");
  await waitForHydration(page);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("disabled", "");
  await expect(page.locator("head > style")).toHaveCount(1);
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

  const loaded = await resources(page);
  expect(loaded.filter((r) => r.name.endsWith(".css"))).toEqual([]);
  const { fcp, hydratedAt } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    hydratedAt: (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? NaN,
  }));
  expect(fcp).toBeLessThan(hydratedAt);
  // The islands' script is the page's one first-load script, fetched once after the paint; what else
  // loads is lazy (web-vitals when the browser is idle).
  const scripts = loaded.filter((r) => r.name.endsWith(".js"));
  const islands = scripts.filter((s) => /^\/assets\/islands-[\w-]+\.js$/.test(s.name));
  expect(islands).toHaveLength(1);
  expect(islands[0]!.start).toBeGreaterThanOrEqual(fcp);
  expect(scripts.map((s) => s.name)).toEqual([...new Set(scripts.map((s) => s.name))]);
  expect(scripts.filter((s) => s.initiator === "link")).toEqual([]);
});

test("a page reached by a link keeps the inlined styles and fetches no stylesheet", async ({ page }) => {
  await withCookiesAccepted(page);
  await withOfferSeen(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.locator('main a[href="/contact"]').first().click();
  await expect(page).toHaveURL(/\/contact$/);
  const submit = page.getByRole("button", { name: /send message/i });
  await expect(submit).toBeVisible();
  await expect(submit).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("disabled", "");
  expect((await resources(page)).filter((r) => r.name.endsWith(".css"))).toEqual([]);
});

for (const path of ["/", "/services/internet-services", "/contact"]) {
  test(`${path} does not shift while it loads, hydrates and shows the cookie banner`, async ({ page }) => {
    await withOfferSeen(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: number[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!e.hadRecentInput) w.__shifts.push(e.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    await waitForHydration(page);
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    await expect(banner).toBeVisible();
    // The chat button sits above the banner, and no script had to move it there: no shift at all.
    const chat = page.getByRole("button", { name: "Open chat" });
    const bannerTop = async () => (await banner.boundingBox())!.y;
    expect((await chat.boundingBox())!.y + (await chat.boundingBox())!.height).toBeLessThanOrEqual(
      await bannerTop(),
    );
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.001);
    // The end of the page stays reachable: scrolled to the bottom, the footer ends above the banner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerEnd = async () => (await page.locator("footer").boundingBox())!;
    // (to a pixel: the boxes' edges fall on fractions of one)
    await expect
      .poll(async () => (await footerEnd()).y + (await footerEnd()).height)
      .toBeLessThanOrEqual((await bannerTop()) + 1);

    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    // Without the banner the page ends at the bottom of the screen, the chat button just above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const viewport = page.viewportSize()!;
    await expect
      .poll(async () => Math.round((await footerEnd()).y + (await footerEnd()).height))
      .toBe(viewport.height);
    const button = (await chat.boundingBox())!;
    expect(viewport.height - (button.y + button.height)).toBeGreaterThanOrEqual(16);
    expect(viewport.height - (button.y + button.height)).toBeLessThanOrEqual(24);
  });
}

test.describe("the prerendered cookie banner, before any script file has loaded", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/\.js$/, (route) => route.abort());
  });

  test("shows for a new visitor, right after the first paint", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  });

  test("Decline hides it even when the document stops the click, as hydrating React does", async ({
    page,
  }) => {
    // react-dom stops, in the document's capture phase, a click it cannot hydrate for at once.
    await page.addInitScript(() =>
      document.addEventListener("click", (event) => event.stopPropagation(), true),
    );
    await page.goto("/login");
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    await expect(page.locator("html[data-cookie-consent]")).toHaveCount(0);
  });

  test("stays hidden for a visitor who accepted earlier", async ({ page }) => {
    await withCookiesAccepted(page);
    await page.goto("/login");
    await expect(page.locator("h1")).toBeVisible();
    // The head script reads storage in a task after the first frame: let two more frames pass.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))),
    );
    await expect(page.locator("[data-cookie-banner]")).toBeHidden();
    await expect(page.locator("html[data-cookie-consent]")).toHaveCount(0);
  });
});

test.describe("before the JavaScript runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the cookie banner, whose buttons need JavaScript, is not shown", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.locator("[data-cookie-banner]")).toBeAttached();
    await expect(page.locator("[data-cookie-banner]")).toBeHidden();
  });

  for (const [path, field, value] of [
    ["/contact", "Email", "ada@example.com"],
    ["/login", "Password", "secret-pass"],
  ] as const) {
    test(`the ${path} form cannot be sent natively, so what is typed never lands in a URL`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.locator("form button[type=submit]")).toBeDisabled();
      const input = page.getByLabel(field);
      await input.fill(value);
      await input.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      expect(page.url()).not.toContain("?");
    });
  }
});
