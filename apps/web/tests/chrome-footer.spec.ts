import { expect, test } from "@playwright/test";
import {
  makeScrollable,
  scrollToY,
  scrollY,
  waitForHydration,
  withCookiesAccepted,
  withOfferSeen,
} from "./support/chrome";

test.beforeEach(async ({ page }) => {
  await withCookiesAccepted(page);
  await withOfferSeen(page);
});

test("footer: four columns with their links", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { level: 2 })).toHaveText([
    "Quick Links",
    "Services",
    "Contact Us",
  ]);
  await expect(footer.getByText(/trusted enterprise solutions provider/i)).toBeVisible();

  const quick = footer.getByRole("region", { name: "Quick Links" });
  const expectLinks = async (region: typeof quick, links: [string, string][]) => {
    const found = await region
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute("href")]));
    expect(found).toEqual(links);
  };
  await expectLinks(quick, [
    ["About Us", "/about"],
    ["Services", "/services"],
    ["Careers", "/careers"],
    ["Quotations", "/quote"],
  ]);
  await expectLinks(footer.getByRole("region", { name: "Services" }), [
    ["Internet Services", "/services/internet-services"],
    ["Software Solutions", "/services/software-solutions"],
    ["Mobile Development", "/services/mobile-app-development"],
    ["Security Solutions", "/services/security-solutions"],
  ]);
  const contact = footer.getByRole("region", { name: "Contact Us" });
  await expect(contact.getByRole("link").first()).toHaveAttribute("href", /^tel:\+44\d{10}$/);
  await expect(contact.getByRole("link").nth(1)).toHaveAttribute("href", /^mailto:[^@]+@[^@]+$/);
  await expect(footer.getByRole("link", { name: "Privacy Notice" })).toHaveAttribute("href", "/privacy");
});

test("footer: social links open in a new tab safely and are named", async ({ page }) => {
  await page.goto("/");
  const social = page.getByRole("contentinfo").getByRole("list", { name: "Social media" }).getByRole("link");
  await expect(social).toHaveCount(4);
  for (const [i, name] of ["Facebook", "Instagram", "LinkedIn", "Twitter"].entries()) {
    const link = social.nth(i);
    await expect(link).toHaveAccessibleName(`${name} (opens in a new tab)`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(link).toHaveAttribute("href", /^https:\/\//);
    const box = await link.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
  }
});

test("footer: copyright with the current year, and the Companies House link", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  const year = new Date().getFullYear();
  await expect(footer).toContainText(new RegExp(`© ${year} .+ Ltd\\. All rights reserved\\.`));
  await expect(footer).toContainText("Registered in England and Wales");
  const register = footer.getByRole("link", { name: /Companies House/ });
  await expect(register).toHaveAttribute(
    "href",
    /^https:\/\/find-and-update\.company-information\.service\.gov\.uk\/company\/\d{8}$/,
  );
  await expect(register).toHaveAttribute("target", "_blank");
  await expect(register).toHaveAttribute("rel", /\bnoopener\b/);
});

test("back-to-top appears after 600 px and returns smoothly to the top", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await makeScrollable(page);
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toHaveCount(0);
  await scrollToY(page, 600);
  await expect(button).toHaveCount(0);
  await scrollToY(page, 601);
  await expect(button).toBeVisible();
  await scrollToY(page, 2_400);

  // Record the scroll positions on the way up: a smooth scroll passes through intermediate values.
  await page.evaluate(() => {
    const w = window as unknown as { seen: number[] };
    w.seen = [];
    window.addEventListener("scroll", () => w.seen.push(window.scrollY), { passive: true });
  });
  await button.click();
  await expect.poll(() => scrollY(page)).toBe(0);
  const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
  expect(seen.some((y) => y > 0 && y < 2_400)).toBe(true);
  await expect(button).toHaveCount(0);
});

test("chat widget and back-to-top never overlap", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await makeScrollable(page);
  await scrollToY(page, 1_000);
  const top = await page.getByRole("button", { name: "Back to top" }).boundingBox();
  const chat = await page.getByRole("button", { name: "Open chat" }).boundingBox();
  expect(top!.y + top!.height).toBeLessThanOrEqual(chat!.y);
});

test("at the page's end the floating buttons cover no link of the footer", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const buttons = [
    page.getByRole("button", { name: "Back to top" }),
    page.getByRole("button", { name: "Open chat" }),
  ];
  for (const button of buttons) await expect(button).toBeVisible();
  // The footer drawn (it waits until it nears the viewport) and the page scrolled to its very end.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Math.round(window.scrollY + window.innerHeight - document.documentElement.scrollHeight),
      ),
    )
    .toBe(0);
  const links = await page
    .getByRole("contentinfo")
    .locator("a")
    .evaluateAll((as) =>
      as.map((a) => ({ name: a.textContent?.trim(), box: a.getBoundingClientRect().toJSON() })),
    );
  expect(links.length).toBeGreaterThan(10);
  for (const button of buttons) {
    const b = (await button.boundingBox())!;
    const covered = links.filter(
      ({ box }) =>
        box.left < b.x + b.width && b.x < box.right && box.top < b.y + b.height && b.y < box.bottom,
    );
    expect(covered.map((l) => l.name)).toEqual([]);
  }
});

test("the footer waits off screen in a placeholder at least as tall as the footer drawn", async ({
  page,
}) => {
  // content-visibility: auto (app.css): axe places a skipped footer's text within the placeholder, so a
  // footer taller than it would have its light text measured against the white page (decision 0027).
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const placeholder = await footer.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      visibility: style.getPropertyValue("content-visibility"),
      height: Number.parseFloat(style.getPropertyValue("contain-intrinsic-height").replace("auto ", "")),
    };
  });
  expect(placeholder.visibility).toBe("auto");
  await footer.scrollIntoViewIfNeeded();
  const drawn = (await footer.boundingBox())!.height;
  expect(drawn).toBeGreaterThan(300);
  expect(placeholder.height).toBeGreaterThanOrEqual(drawn);
});
