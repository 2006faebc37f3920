/**
 * The shared widgets' checks (spec §2 and §4: back-to-top, chat, cookie banner, the home page's offer
 * popup and 'Why choose' carousel), each a function of a tab, written once: widgets.spec.ts runs each
 * in a fresh visitor's tab, long-visit.spec.ts runs them one after another in one tab.
 */
import { OFFER_DELAY_MS } from "../app/lib/offer-delay";
import { installClock, runFor } from "./fake-clock";
import { expect } from "./fixtures";
import type { Tab } from "./tab";

export const banner = "[data-cookie-banner]";
export const bannerButton = (name: string) => ({ css: `${banner} button`, name });
const accepted = () => localStorage.getItem("cookiesAccepted");

/** Back-to-top appears past 600 px of scroll on /services and glides (not jumps) to the top. */
export async function backToTop(tab: Tab) {
  await tab.open("/services");
  const button = 'button[aria-label="Back to top"]';
  await tab.run(() => window.scrollTo({ top: 600, behavior: "instant" }));
  await tab.waitFor(() => window.scrollY === 600, []);
  // Two frames: time for the scroll handler and React to show the button, were it to show.
  await tab.run(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await tab.shown(button), "hidden at 600 px").toBe(false);
  await tab.run(() => window.scrollTo({ top: 1500, behavior: "instant" }));
  await tab.waitUntilShown(button);

  // Smooth, not a jump: right after the click has been handled (a window listener runs after React's)
  // the page has not reached the top yet; then it gets there.
  await tab.run(() => {
    addEventListener("click", () => (document.documentElement.dataset.yAfterClick = String(scrollY)), {
      once: true,
    });
  });
  await tab.click(button);
  await tab.waitFor(() => window.scrollY === 0, [], { message: "back at the top" });
  const afterClick = await tab.run(() => Number(document.documentElement.dataset.yAfterClick));
  expect(afterClick, "scroll position right after the click").toBeGreaterThan(0);
}

/** The chat button on /about opens a panel saying chat is coming soon, with a messaging-app link. */
export async function chatComingSoon(tab: Tab) {
  await tab.open("/about");
  await tab.click({ css: "button", name: "Open chat" });
  // The panel's content is a chunk of its own ("Loading…" until it arrives).
  await tab.waitFor(
    (text) => document.querySelector('[role="dialog"]')?.textContent?.includes(text) ?? false,
    ["Live chat is coming soon."],
  );
  const panel = await tab.run(() => {
    const dialog = document.querySelector('[role="dialog"]')!;
    const link = dialog.querySelector("a[href]") as HTMLAnchorElement | null;
    return { text: dialog.textContent ?? "", href: link?.href, target: link?.target };
  });
  expect(panel.text).toContain("Live chat is coming soon.");
  expect(panel.href).toMatch(/^https:\/\/wa\.me\/\d+$/);
  expect(panel.target).toBe("_blank");
  await tab.click({ css: "button", name: "Close chat" });
  await tab.waitUntilShown('[role="dialog"]', false);
}

/** For a visitor who has not answered the banner: Accept stores cookiesAccepted; it stays away. */
export async function cookieAccept(tab: Tab) {
  await tab.open("/");
  await tab.waitUntilShown(banner);
  await tab.click(bannerButton("Accept"));
  await tab.waitUntilShown(banner, false);
  expect(await tab.run(accepted)).toBe("true");
  await tab.open("/about");
  expect(await tab.shown(banner)).toBe(false);
}

/** For a visitor who has not answered: Decline hides the banner for this view only, stores nothing. */
export async function cookieDecline(tab: Tab) {
  await tab.open("/");
  await tab.waitUntilShown(banner);
  await tab.click(bannerButton("Decline"));
  await tab.waitUntilShown(banner, false);
  expect(await tab.run(accepted)).toBe(null);
  await tab.open("/about");
  await tab.waitUntilShown(banner);
}

/** For a visitor who has not answered: Cookie Settings toggles the four kinds, which store nothing. */
export async function cookieSettings(tab: Tab) {
  await tab.open("/contact");
  await tab.waitUntilShown(banner);
  await tab.click(bannerButton("Cookie Settings"));
  await tab.waitUntilShown(`${banner} fieldset`);
  const boxes = await tab.run(
    (css) =>
      Array.from(document.querySelectorAll(`${css} input[type=checkbox]`)).map((box) => ({
        label: (box as HTMLInputElement).labels?.[0]?.textContent?.trim().split(" ")[0],
        checked: (box as HTMLInputElement).checked,
        disabled: (box as HTMLInputElement).disabled,
      })),
    banner,
  );
  expect(boxes).toEqual([
    { label: "Necessary", checked: true, disabled: true },
    { label: "Analytics", checked: false, disabled: false },
    { label: "Advertisement", checked: false, disabled: false },
    { label: "Functionality", checked: false, disabled: false },
  ]);
  await tab.click({ css: `${banner} label`, name: "Analytics" });
  await tab.waitFor((css) => document.querySelectorAll(`${css} input:checked`).length === 2, [banner]);
  expect(await tab.run(accepted), "the checkboxes store nothing").toBe(null);
  await tab.click(bannerButton("Cookie Settings"));
  await tab.waitUntilShown(`${banner} fieldset`, false);
}

/**
 * On a fake clock (installed for every later page of the tab), the offer popup opens 10 s after the
 * home page loads, not 100 ms before; it offers 20% off and Get Offer; Close hides it.
 */
export async function offerPopupOnTime(tab: Tab) {
  const offer = "dialog[open]";
  await installClock(tab);
  await tab.open("/"); // the popup's clock runs from the start of the page's boot script
  await runFor(tab, OFFER_DELAY_MS - 100);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await tab.shown(offer), "not open 100 ms early").toBe(false);
  await runFor(tab, 100);
  await tab.waitUntilShown(offer, true, 10_000);

  const dialog = await tab.run((css) => {
    const el = document.querySelector(css)!;
    const link = el.querySelector("a");
    return { text: el.textContent ?? "", link: link?.textContent?.trim(), href: link?.getAttribute("href") };
  }, offer);
  expect(dialog.text).toContain("Special Offer");
  expect(dialog.text).toContain("20%");
  expect(dialog).toMatchObject({ link: "Get Offer", href: "/register" });

  await tab.click({ css: `${offer} button`, name: "Close" });
  await tab.waitUntilShown(offer, false);
}

export const carousel = '[aria-roledescription="carousel"]';

/** Opens / and scrolls the carousel into view, then waits for its engine (a lazy chunk). */
export async function openCarousel(tab: Tab) {
  await tab.open("/");
  await tab.run(
    (css) => document.querySelector(css)!.scrollIntoView({ block: "center", behavior: "instant" }),
    carousel,
  );
  await tab.waitFor(
    (css) => document.querySelector(css)?.getAttribute("data-carousel-ready") === "true",
    [carousel],
    { timeout: 15_000, message: "the carousel engine ready" },
  );
  await tab.mouseMove(1, 1);
}

/** Runs in the page: slides whose card is wholly inside the carousel's viewport, and the selected one. */
export function slides() {
  const viewport = document.querySelector("[data-carousel-viewport]")!.getBoundingClientRect();
  const all = Array.from(document.querySelectorAll('[aria-roledescription="slide"]'));
  return {
    visible: all.filter((s) => {
      // The card, not the slide: each slide's left padding is the gap before its card.
      const r = (s.firstElementChild ?? s).getBoundingClientRect();
      return r.left >= viewport.left - 1 && r.right <= viewport.right + 1;
    }).length,
    selected: all.findIndex((s) => s.getAttribute("data-selected") === "true"),
  };
}

/** At `width` px the carousel shows `count` whole slide(s). */
export async function carouselShows(tab: Tab, width: number, count: number) {
  await tab.setViewport(width, 800);
  await openCarousel(tab);
  expect((await tab.run(slides)).visible).toBe(count);
}

/**
 * The visitor drives the carousel by its buttons: Next moves one slide on, Previous one back. The
 * pointer rests on the slides meanwhile (autoplay holds there), so every move is the buttons'.
 */
export async function carouselDriven(tab: Tab) {
  await tab.hover("[data-carousel-viewport]");
  await tab.waitFor(
    (css) => document.querySelector(css)?.getAttribute("data-playing") === "false",
    [carousel],
  );
  const total = await tab.run(() => document.querySelectorAll('[aria-roledescription="slide"]').length);
  const selectedIs = (index: number) =>
    tab.waitFor(
      (i) => document.querySelector('[data-selected="true"]')?.getAttribute("data-slide-index") === String(i),
      [index],
      {
        message: `slide ${index + 1} selected`,
      },
    );
  const start = (await tab.run(slides)).selected;
  for (const [button, step] of [
    ["Next slide", 1],
    ["Next slide", 2],
    ["Previous slide", 1],
  ] as const) {
    await tab.click({ css: `${carousel} button`, name: button });
    await selectedIs((start + step) % total);
  }
}
