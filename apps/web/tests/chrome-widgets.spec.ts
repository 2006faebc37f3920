import { type Page, expect, test } from "@playwright/test";
import { holdScripts, waitForHydration, withCookiesAccepted, withOfferSeen } from "./support/chrome";

const bannerOf = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });

test.describe("chat widget", () => {
  test.beforeEach(async ({ page }) => {
    await withCookiesAccepted(page);
    await withOfferSeen(page);
  });

  test("opens a 'coming soon' panel with a WhatsApp link; Escape and the close button close it", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const open = page.getByRole("button", { name: "Open chat" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Chat with us" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/coming soon/i);
    const wa = dialog.getByRole("link", { name: /WhatsApp/ });
    await expect(wa).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
    await expect(wa).toHaveAttribute("target", "_blank");
    await expect(wa).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(dialog.getByRole("button", { name: "Close chat" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close chat" }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("the chat panel is not part of the first-load JavaScript", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    expect(scripts.some((u) => /chat-panel/.test(u))).toBe(false);
    expect(scripts.some((u) => /cookie-settings/.test(u))).toBe(false);
    await page.getByRole("button", { name: "Open chat" }).click();
    await expect(page.getByRole("dialog", { name: "Chat with us" })).toContainText(/coming soon/i);
    expect(scripts.some((u) => /chat-panel/.test(u))).toBe(true);
  });
});

test.describe("cookie banner", () => {
  test("Accept stores 'true'; the banner stays gone after a reload", async ({ page }) => {
    await page.goto("/");
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Privacy Notice" })).toHaveAttribute("href", "/privacy");
    // The prerendered banner is on screen before React runs; its buttons work once it has.
    await waitForHydration(page);
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");

    await page.reload();
    await waitForHydration(page);
    await expect(bannerOf(page)).toHaveCount(0);
  });

  test("Decline hides it for this view only and stores nothing", async ({ page }) => {
    await page.goto("/");
    const banner = bannerOf(page);
    const accept = banner.getByRole("button", { name: "Accept" });
    const decline = banner.getByRole("button", { name: "Decline" });
    await expect(decline).toBeVisible();
    // Rejecting is as easy as accepting: same size and look.
    const [a, d] = [await accept.boundingBox(), await decline.boundingBox()];
    expect(Math.round(d!.width)).toBe(Math.round(a!.width));
    expect(Math.round(d!.height)).toBe(Math.round(a!.height));
    const style = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.backgroundColor, s.color, s.fontSize, s.fontWeight, s.borderRadius].join();
    };
    expect(await decline.evaluate(style)).toBe(await accept.evaluate(style));

    await waitForHydration(page);
    await decline.click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).toBe("");

    await page.reload();
    await expect(bannerOf(page)).toBeVisible();
  });

  test("Accept works on the banner before the scripts have arrived, and stays done after hydration", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" }); // the held scripts may hold the load event
    const banner = bannerOf(page);
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
    release();
    await waitForHydration(page);
    await expect(bannerOf(page)).toHaveCount(0);
  });

  test("Decline works on the banner before the scripts have arrived, for this view only", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" }); // the held scripts may hold the load event
    const banner = bannerOf(page);
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    release();
    await waitForHydration(page);
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.reload();
    await expect(bannerOf(page)).toBeVisible();
  });

  test("Cookie Settings toggles a panel whose checkboxes store nothing", async ({ page }) => {
    await page.goto("/");
    const banner = bannerOf(page);
    const toggle = banner.getByRole("button", { name: "Cookie Settings" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await waitForHydration(page);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    const necessary = banner.getByRole("checkbox", { name: /Necessary/ });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of ["Analytics", "Advertisement", "Functionality"]) {
      const box = banner.getByRole("checkbox", { name });
      await expect(box).not.toBeChecked();
      await box.check();
      await expect(box).toBeChecked();
    }
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).toBe("");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(necessary).toBeHidden();
    await expect(banner).toBeVisible();
  });

  test("the banner stays at the bottom of the screen with the floating buttons above it", async ({
    page,
  }) => {
    await page.goto("/");
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    const chat = page.getByRole("button", { name: "Open chat" });
    const gap = async () => {
      const [bannerBox, chatBox] = await Promise.all([banner.boundingBox(), chat.boundingBox()]);
      return bannerBox!.y - (chatBox!.y + chatBox!.height);
    };
    // The banner covers the screen to its bottom edge: what is drawn at the edge is the banner, whose
    // box reaches at most its bleed (1.5rem, 24 px) beyond it (cookie-banner.tsx).
    const atEdge = () =>
      banner.evaluate((el) => {
        const edge = document.elementFromPoint(window.innerWidth / 2, window.innerHeight - 1);
        const beyond = Math.round(el.getBoundingClientRect().bottom - window.innerHeight);
        return el.contains(edge) && beyond >= 0 && beyond <= 24;
      });
    // At the top of the page, after hydration and at the page's end alike: no script places either.
    for (const moment of ["loaded", "hydrated", "scrolled to the end"]) {
      if (moment === "hydrated") await waitForHydration(page);
      if (moment === "scrolled to the end")
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(atEdge, moment).toBe(true);
      expect(await gap(), moment).toBeGreaterThanOrEqual(16);
    }
  });
});
