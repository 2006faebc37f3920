import { expect, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe";
import { enrolNewMember } from "./support/desk";
import { startFreshDesk } from "./support/fresh-desk";
import { addVirtualAuthenticator } from "./support/passkey";

// Screens with nothing (yet) to show say so once, and keep no room for it: Site speed before any page
// view is measured; the lead page's cards while no change has been saved. At 375 and 1280 px.

/**
 * For each card of the page, the room between the last thing it shows (text, a control, an icon, a box
 * with a border or background) and its padding: an empty line kept for a message that is not there
 * shows as a band of that height.
 */
const emptyBands = (page: Page) =>
  page.locator("main section").evaluateAll((cards) =>
    cards.map((card) => {
      let ink = card.getBoundingClientRect().top;
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        if (!walker.currentNode.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(walker.currentNode);
        for (const r of range.getClientRects()) if (r.height) ink = Math.max(ink, r.bottom);
      }
      const seen = (c: string) => c !== "transparent" && !/rgba\(.*, 0\)$/.test(c);
      for (const el of card.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        if (!r.height) continue;
        const s = getComputedStyle(el);
        const boxed =
          seen(s.backgroundColor) ||
          ["Top", "Right", "Bottom", "Left"].some(
            (side) =>
              parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
              seen(s.getPropertyValue(`border-${side.toLowerCase()}-color`)),
          );
        if (boxed || el.matches("input, select, textarea, button, svg, img")) ink = Math.max(ink, r.bottom);
      }
      const style = getComputedStyle(card);
      const inner =
        card.getBoundingClientRect().bottom -
        parseFloat(style.borderBottomWidth) -
        parseFloat(style.paddingBottom);
      return { card: card.getAttribute("aria-labelledby"), band: Math.round(inner - ink) };
    }),
  );

test("the lead page keeps no empty band under its cards", async ({ page }, info) => {
  await enrolNewMember(page, "Bea Banding");
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("region", { name: "Timeline" })).toBeVisible();
  const bands = await emptyBands(page);
  expect(bands.length).toBeGreaterThanOrEqual(5);
  expect(bands.filter((b) => b.band > 2)).toEqual([]);

  // A saved change is still announced, beside the card's heading.
  await page.getByLabel("Status").selectOption("contacted");
  const saved = page.getByRole("status").filter({ hasText: "Status saved." });
  await expect(saved).toBeVisible();
  await checkScreen(page, info, "lead-saved");
});

test("Site speed before any measurement explains it once, with no empty chart", async ({ page }, info) => {
  test.setTimeout(90_000);
  const desk = await startFreshDesk();
  try {
    await addVirtualAuthenticator(page);
    await page.goto(await desk.invite("first@example.com", "First Member"));
    await page.getByRole("button", { name: "Create my passkey" }).click();
    await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { name: "Site speed", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No page view measured yet" })).toBeVisible();
    await expect(page.locator(".recharts-wrapper")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2 })).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Period" })).toHaveCount(0);
    await checkScreen(page, info, "site-speed-empty");
  } finally {
    await desk.stop();
  }
});
