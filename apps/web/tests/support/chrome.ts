import { type Page, expect } from "@playwright/test";
import { PAGE_READY_SELECTOR } from "../../app/components/island-attributes";

/** Pretend the visitor accepted cookies earlier, so the banner does not cover the page. */
export async function withCookiesAccepted(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
}

/**
 * Pretend the home page's offer popup was already shown this visit (it opens 10 s after load, which
 * a slow test run reaches; it would then cover the page). Only the popup's own tests leave it on.
 */
export async function withOfferSeen(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem("offerPopupShown", "true"));
}

/**
 * Waits until the prerendered page is ready for the visitor: React Router hydrated it, or the islands'
 * loader runs, or (a content page whose loader starts at first use) the page listens for that use.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator(PAGE_READY_SELECTOR).first()).toBeAttached();
}

/**
 * Holds back every script of the site until the returned function is called: the visitor on a slow
 * connection, who sees (and uses) the prerendered page before React arrives.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Makes the page tall enough to scroll well past every threshold, whatever the page's content. */
export async function makeScrollable(page: Page, extra = 3_000) {
  await page.evaluate((height) => {
    const spacer = document.createElement("div");
    spacer.style.height = `${height}px`;
    spacer.dataset.testSpacer = "true";
    document.getElementById("main")?.append(spacer);
  }, extra);
}

export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, left: 0, behavior: "instant" }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

export const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
