import { type Page, expect, test } from "@playwright/test";
import { selectedSlide } from "./pages-helpers";
import { waitForHydration } from "./support/chrome";

const T0 = new Date("2026-03-02T09:00:00Z");

/** Fake clock, paused, so the test alone decides when timers fire. */
async function pausedClock(page: Page) {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(new Date(T0.getTime() + 1000));
}

test.describe("offer popup", () => {
  test("opens 10 s after load as a modal dialog, traps focus, Escape closes and focus returns", async ({
    page,
  }) => {
    await pausedClock(page);
    await page.goto("/");
    await waitForHydration(page); // its clock runs from the start of the page's boot script
    const opener = page.getByRole("link", { name: "Get Started" });
    await opener.focus();

    await page.clock.runFor(9_900);
    const dialog = page.getByRole("dialog", { name: "Special Offer" });
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText("20%");
    await expect(dialog).toContainText("all services");
    await expect(dialog.getByRole("button", { name: "Close", exact: true })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Get Offer" })).toHaveAttribute("href", "/register");

    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest("dialog[open]"));
    expect(await focusInDialog()).toBe(true);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await focusInDialog()).toBe(true);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("Close hides it and it is shown at most once per visit", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(10_000);
    const dialog = page.getByRole("dialog", { name: "Special Offer" });
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.clock.runFor(30_000);
    // The islands' loader has run (the boot script starts it when the popup's code would be due).
    await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("html")).not.toHaveAttribute("data-offer-popup", "scheduled");
  });

  test("Get Offer leads to /register", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(10_000);
    await page.getByRole("link", { name: "Get Offer" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  });

  test("is only on the home page", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.clock.runFor(15_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("'Why choose' carousel", () => {
  const region = (page: Page) => page.locator('[aria-roledescription="carousel"]');

  async function openCarousel(page: Page) {
    await page.goto("/");
    await region(page).scrollIntoViewIfNeeded();
    await expect(region(page)).toHaveAttribute("data-carousel-ready", "true", { timeout: 20_000 });
    // Park the pointer away from the carousel.
    await page.mouse.move(1, 1);
  }

  test("follows the WAI-ARIA carousel pattern and prerenders every slide", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(6);
    await openCarousel(page);
    const slides = region(page).locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(6);
    await expect(slides.first()).toHaveAttribute("aria-label", "1 of 6");
    await expect(slides.nth(5)).toHaveAttribute("aria-label", "6 of 6");
    await expect(region(page)).toHaveAttribute("aria-labelledby", /.+/);
  });

  test("autoplays every 3 s and pauses on hover", async ({ page }) => {
    await pausedClock(page);
    await openCarousel(page);
    const live = page.locator("#why-choose-slides");
    await expect(region(page)).toHaveAttribute("data-playing", "true");
    await expect(live).toHaveAttribute("aria-live", "off");
    expect(await selectedSlide(page)).toBe(0);
    await page.clock.runFor(2_900);
    expect(await selectedSlide(page)).toBe(0);
    await page.clock.runFor(100);
    await expect.poll(() => selectedSlide(page)).toBe(1);
    await page.clock.runFor(3_000);
    await expect.poll(() => selectedSlide(page)).toBe(2);

    // Move the pointer over the slides (plain mouse move: the paused clock stops animation frames).
    const box = await page.locator("[data-carousel-viewport]").boundingBox();
    if (!box) throw new Error("carousel viewport has no box");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(region(page)).toHaveAttribute("data-playing", "false");
    await expect(live).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(9_000);
    expect(await selectedSlide(page)).toBe(2);
    await page.mouse.move(1, 1);
    await expect(region(page)).toHaveAttribute("data-playing", "true");
    await page.clock.runFor(3_000);
    await expect.poll(() => selectedSlide(page)).toBe(3);
  });

  test("pauses while keyboard focus is inside", async ({ page }) => {
    await pausedClock(page);
    await openCarousel(page);
    await page.getByRole("button", { name: "Stop automatic slide show" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Previous slide" })).toBeFocused();
    await expect(region(page)).toHaveAttribute("data-playing", "false");
    await page.clock.runFor(9_000);
    expect(await selectedSlide(page)).toBe(0);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab"); // leaves the carousel
    await expect(region(page)).toHaveAttribute("data-playing", "true");
    await page.clock.runFor(3_000);
    await expect.poll(() => selectedSlide(page)).toBe(1);
  });

  test("has a visible pause/play button and previous/next buttons", async ({ page }) => {
    await pausedClock(page);
    await openCarousel(page);
    const stop = page.getByRole("button", { name: "Stop automatic slide show" });
    await expect(stop).toBeVisible();
    await stop.click();
    await page.mouse.move(1, 1);
    const start = page.getByRole("button", { name: "Start automatic slide show" });
    await expect(start).toBeVisible();
    await expect(region(page)).toHaveAttribute("data-playing", "false");
    await page.clock.runFor(9_000);
    expect(await selectedSlide(page)).toBe(0);

    await page.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => selectedSlide(page)).toBe(1);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => selectedSlide(page)).toBe(2);
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => selectedSlide(page)).toBe(1);

    await start.click();
    await page.mouse.move(1, 1);
    await expect(region(page)).toHaveAttribute("data-playing", "true");
    await page.clock.runFor(3_000);
    await expect.poll(() => selectedSlide(page)).toBe(2);
  });

  test("does not autoplay under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pausedClock(page);
    await openCarousel(page);
    await expect(page.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await expect(region(page)).toHaveAttribute("data-playing", "false");
    await page.clock.runFor(12_000);
    expect(await selectedSlide(page)).toBe(0);
  });

  for (const [width, visible] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`shows ${visible} slide(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openCarousel(page);
      const count = await page.locator("[data-carousel-viewport]").evaluate((viewport) => {
        const box = viewport.getBoundingClientRect();
        return [...viewport.querySelectorAll('[aria-roledescription="slide"]')].filter((slide) => {
          // Measure the card inside the slide (the slide's own box includes the gutter padding).
          const r = (slide.firstElementChild ?? slide).getBoundingClientRect();
          return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
        }).length;
      });
      expect(count).toBe(visible);
    });
  }
});

test("the carousel engine and the offer dialog are not in the home page's first-load JS", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  // Script files named by the page: src/href attributes and the chunks the inline boot script loads.
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"|"(\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1] ?? m[2],
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((s) => /why-choose-engine|offer-popup-dialog|embla/.test(s ?? ""))).toBe(false);
});
