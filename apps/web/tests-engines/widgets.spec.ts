/**
 * The shared widgets (spec §2 and §4): back-to-top, chat, cookie banner, and the home page's offer
 * popup and 'Why choose' carousel, each in a fresh visitor's tab. The checks themselves are in
 * widget-checks.ts (long-visit.spec.ts runs them in one tab); the timings here run on a fake clock
 * (fake-clock.ts).
 */
import { OFFER_DELAY_MS } from "../app/lib/offer-delay";
import { installClock, runFor } from "./fake-clock";
import { expect, test } from "./fixtures";
import {
  backToTop,
  carousel,
  carouselDriven,
  carouselShows,
  chatComingSoon,
  cookieAccept,
  cookieDecline,
  cookieSettings,
  offerPopupOnTime,
  openCarousel,
  slides,
} from "./widget-checks";

test("back-to-top appears past 600 px of scroll and glides to the top", async ({ tab }) => {
  await tab.setViewport(1280, 800);
  await backToTop(tab);
});

test("the chat button opens a panel saying chat is coming soon, with a messaging-app link", async ({
  tab,
}) => {
  await chatComingSoon(tab);
});

test.describe("cookie banner", () => {
  test("Accept stores cookiesAccepted and the banner stays away", async ({ tab }) => {
    await cookieAccept(tab);
  });

  test("Decline hides it for this view only and stores nothing", async ({ tab }) => {
    await cookieDecline(tab);
  });

  test("Cookie Settings toggles a panel with the four kinds of cookies", async ({ tab }) => {
    await cookieSettings(tab);
  });
});

test.describe("offer popup", () => {
  test(`opens ${OFFER_DELAY_MS / 1000} s after the home page loads; Close hides it`, async ({ tab }) => {
    await offerPopupOnTime(tab);
  });
});

test.describe("'Why choose' carousel", () => {
  for (const [width, count] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`shows ${count} slide(s) at ${width} px`, async ({ tab }) => {
      await carouselShows(tab, width, count);
    });
  }

  test("Next and Previous move it one slide", async ({ tab }) => {
    await carouselShows(tab, 768, 2);
    await carouselDriven(tab);
  });

  test("moves on every 3 s, and holds while the pointer is over it", async ({ tab }) => {
    await tab.setViewport(1280, 800);
    await installClock(tab);
    await openCarousel(tab);
    await tab.waitFor(
      (css) => document.querySelector(css)?.getAttribute("data-playing") === "true",
      [carousel],
    );
    expect((await tab.run(slides)).selected).toBe(0);
    await runFor(tab, 2_900);
    expect((await tab.run(slides)).selected).toBe(0);
    await runFor(tab, 100);
    await tab.waitFor(
      () => document.querySelector('[data-selected="true"]')?.getAttribute("data-slide-index") === "1",
      [],
    );

    await tab.hover("[data-carousel-viewport]");
    await tab.waitFor(
      (css) => document.querySelector(css)?.getAttribute("data-playing") === "false",
      [carousel],
    );
    await runFor(tab, 9_000);
    expect((await tab.run(slides)).selected).toBe(1);
  });
});
