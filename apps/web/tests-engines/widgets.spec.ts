/**
 * The shared widgets (spec §2 and §4): back-to-top, chat, cookie banner, and the home page's offer
 * popup and 'Why choose' carousel, whose timings run on a fake clock (fake-clock.ts).
 */
import { OFFER_DELAY_MS } from "../app/lib/offer-delay";
import { installClock, runFor } from "./fake-clock";
import { expect, test } from "./fixtures";
import type { Tab } from "./tab";

const banner = "[data-cookie-banner]";
const bannerButton = (name: string) => ({ css: `${banner} button`, name });

test("back-to-top appears past 600 px of scroll and glides to the top", async ({ tab }) => {
  await tab.setViewport(1280, 800);
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
});

test("the chat button opens a panel saying chat is coming soon, with a messaging-app link", async ({
  tab,
}) => {
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
});

test.describe("cookie banner", () => {
  const accepted = () => localStorage.getItem("cookiesAccepted");

  test("Accept stores cookiesAccepted and the banner stays away", async ({ tab }) => {
    await tab.open("/");
    await tab.waitUntilShown(banner);
    await tab.click(bannerButton("Accept"));
    await tab.waitUntilShown(banner, false);
    expect(await tab.run(accepted)).toBe("true");
    await tab.open("/about");
    expect(await tab.shown(banner)).toBe(false);
  });

  test("Decline hides it for this view only and stores nothing", async ({ tab }) => {
    await tab.open("/");
    await tab.waitUntilShown(banner);
    await tab.click(bannerButton("Decline"));
    await tab.waitUntilShown(banner, false);
    expect(await tab.run(accepted)).toBe(null);
    await tab.open("/about");
    await tab.waitUntilShown(banner);
  });

  test("Cookie Settings toggles a panel with the four kinds of cookies", async ({ tab }) => {
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
  });
});

test.describe("offer popup", () => {
  const offer = "dialog[open]";

  test(`opens ${OFFER_DELAY_MS / 1000} s after the home page loads; Close hides it`, async ({ tab }) => {
    await installClock(tab);
    await tab.open("/");
    await tab.waitFor(() => document.documentElement.dataset.offerPopup === "scheduled", []);
    await runFor(tab, OFFER_DELAY_MS - 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await tab.shown(offer), "not open 100 ms early").toBe(false);
    await runFor(tab, 100);
    await tab.waitUntilShown(offer, true, 10_000);

    const dialog = await tab.run((css) => {
      const el = document.querySelector(css)!;
      const link = el.querySelector("a");
      return {
        text: el.textContent ?? "",
        link: link?.textContent?.trim(),
        href: link?.getAttribute("href"),
      };
    }, offer);
    expect(dialog.text).toContain("Special Offer");
    expect(dialog.text).toContain("20%");
    expect(dialog).toMatchObject({ link: "Get Offer", href: "/register" });

    await tab.click({ css: `${offer} button`, name: "Close" });
    await tab.waitUntilShown(offer, false);
  });
});

test.describe("'Why choose' carousel", () => {
  const region = '[aria-roledescription="carousel"]';

  async function openCarousel(tab: Tab) {
    await tab.open("/");
    await tab.run(
      (css) => document.querySelector(css)!.scrollIntoView({ block: "center", behavior: "instant" }),
      region,
    );
    await tab.waitFor(
      (css) => document.querySelector(css)?.getAttribute("data-carousel-ready") === "true",
      [region],
      {
        timeout: 15_000,
        message: "the carousel engine ready",
      },
    );
    await tab.mouseMove(1, 1);
  }

  /** Runs in the page: slides whose card is wholly inside the carousel's viewport, and the selected one. */
  function slides() {
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

  for (const [width, count] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`shows ${count} slide(s) at ${width} px`, async ({ tab }) => {
      await tab.setViewport(width, 800);
      await openCarousel(tab);
      expect((await tab.run(slides)).visible).toBe(count);
    });
  }

  test("moves on every 3 s, and holds while the pointer is over it", async ({ tab }) => {
    await tab.setViewport(1280, 800);
    await installClock(tab);
    await openCarousel(tab);
    await tab.waitFor(
      (css) => document.querySelector(css)?.getAttribute("data-playing") === "true",
      [region],
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
      [region],
    );
    await runFor(tab, 9_000);
    expect((await tab.run(slides)).selected).toBe(1);
  });
});
