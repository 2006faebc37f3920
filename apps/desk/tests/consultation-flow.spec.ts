// A visitor books a consultation on the site (their own Chromium context), the member sees it in the
// desk's Consultations screen and moves it, and the visitor's updated invitation (same UID, SEQUENCE 1)
// arrives at the SMTP peer.
import { expect, test } from "@playwright/test";
import { bookStanding, confirmToken, freeStarts, mailsTo } from "./support/booking";
import { siteUrl } from "./support/desk-env";
import { availableAroundTheClock, enrolNewMember } from "./support/desk";

// One walk after the other: the second turns the company's confirmation off for a moment.
test.describe.configure({ mode: "serial" });

test("a visitor books, the member sees it in the desk and moves it, the visitor gets the new invitation", async ({
  page,
  browser,
}, info) => {
  test.skip(
    info.project.name !== "desktop",
    "one walk is enough; the screens are checked at both widths elsewhere",
  );
  const { email: memberEmail, name } = await enrolNewMember(page, "Casey Consultant");
  await availableAroundTheClock(memberEmail);

  const visitorEmail = `visitor-${Date.now().toString(36)}@example.com`;
  const site = await (await browser.newContext({ timezoneId: "Asia/Colombo" })).newPage();
  await site.goto(`${siteUrl}/consultation`);
  await expect(site.locator("[data-zone]")).toHaveAttribute("data-zone", "Asia/Colombo");
  await site.locator("[data-day]").nth(2).click();
  const slot = site.locator("[data-slot]").nth(4);
  const start = await slot.getAttribute("data-slot");
  await slot.click();
  await site.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
  await site.getByRole("textbox", { name: "Email" }).fill(visitorEmail);
  await site.getByRole("combobox", { name: "Service" }).selectOption("erp-consultation");
  await site.getByRole("button", { name: "Book consultation" }).click();
  await expect(site.locator("[data-meeting-start]")).toHaveAttribute("data-meeting-start", start!);
  await expect(site.locator("[data-meeting-start]")).toContainText("in London");
  // The address is confirmed with the link of the first mail; the invitation follows.
  await expect(site.getByRole("heading", { name: "Please confirm your booking" })).toBeVisible();
  await expect.poll(async () => (await mailsTo(visitorEmail)).length, { timeout: 15_000 }).toBe(1);
  const token = confirmToken((await mailsTo(visitorEmail))[0]!);
  await site.goto(`${siteUrl}/consultation#confirm=${token}`);
  await expect(site.getByRole("heading", { name: "Your consultation is confirmed" })).toBeVisible();

  await expect.poll(async () => (await mailsTo(visitorEmail)).length, { timeout: 15_000 }).toBe(2);
  const invite = (await mailsTo(visitorEmail))[1]!;
  const uid = /UID:(consultation-[^\r\n]+)/.exec(invite!.text)?.[1];
  expect(uid).toBeTruthy();
  expect(invite!.text).toMatch(/method=REQUEST/i);
  expect(invite!.text).toContain("SEQUENCE:0");

  await page.getByRole("link", { name: "Consultations" }).click();
  await expect(page.getByRole("heading", { name: "Consultations", level: 1 })).toBeVisible();
  const card = page.locator("article", { hasText: "Ada Lovelace" }).filter({ hasText: visitorEmail });
  await expect(card).toContainText("ERP Consultation");
  await expect(page.getByRole("heading", { name, level: 3 }).first()).toBeVisible();
  await card.getByRole("button", { name: "Reschedule" }).click();
  const dialog = page.getByRole("dialog");
  const choice = dialog.getByRole("combobox");
  await expect(choice.locator("option").nth(10)).toBeAttached();
  const newStart = await choice.locator("option").nth(10).getAttribute("value");
  await choice.selectOption(newStart!);
  await dialog.getByRole("button", { name: "Move the meeting" }).click();
  await expect(dialog).toBeHidden();

  await expect.poll(async () => (await mailsTo(visitorEmail)).length, { timeout: 15_000 }).toBe(3);
  const moved = (await mailsTo(visitorEmail))[2]!;
  expect(moved.headers.subject).toBe("Moved: your free consultation");
  expect(moved.text).toContain(`UID:${uid}`);
  expect(moved.text).toContain("SEQUENCE:1");
  const dtstart = new Date(newStart!).toISOString().replace(/[-:]|\.\d{3}/g, "");
  expect(moved.text).toContain(`DTSTART:${dtstart}`);
});

test("the company setting turns confirmation off, and one step cancels every upcoming meeting of an address", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "one walk is enough");
  const { email: memberEmail } = await enrolNewMember(page, "Casey Canceller");
  await availableAroundTheClock(memberEmail);
  await page.getByRole("link", { name: "Consultations" }).click();
  await page.getByRole("link", { name: "Hours, days off and settings" }).click();
  const confirm = page.getByRole("checkbox", { name: /Visitors confirm their e-mail address/ });
  const save = async () => {
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  };
  await expect(confirm).toBeChecked();
  await confirm.uncheck();
  await save();
  await page.reload();
  await expect(confirm).not.toBeChecked();

  // Off: a booking stands at once (its invitation is the first mail). Two of one address, one of another.
  const bot = `bot-${Date.now().toString(36)}@example.com`;
  const other = `keep-${Date.now().toString(36)}@example.com`;
  const days = (await freeStarts()).filter((d) => d.length > 2).slice(5, 8);
  try {
    expect((await bookStanding(bot, days[0]!.at(-1)!, "Bot Booker")).status).toBe("confirmed");
    expect((await bookStanding(bot, days[1]!.at(-1)!, "Bot Booker")).status).toBe("confirmed");
    expect((await bookStanding(other, days[2]!.at(-1)!, "Kept Visitor")).status).toBe("confirmed");
  } finally {
    await confirm.check();
    await save();
  }
  await expect(confirm).toBeChecked();

  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Consultations" }).click();
  const cards = page.locator("article").filter({ hasText: bot });
  await expect(cards).toHaveCount(2);
  await cards.first().getByRole("button", { name: "Cancel all of this address" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel every upcoming meeting of ${bot}?` });
  await dialog.getByRole("button", { name: "Keep them" }).click();
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(2);
  await cards.first().getByRole("button", { name: "Cancel all of this address" }).click();
  await dialog.getByRole("button", { name: "Cancel all of them" }).click();
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(0);
  await expect(page.locator("article").filter({ hasText: other })).toHaveCount(1);
  // Each confirmed meeting of the address is cancelled by mail (METHOD:CANCEL), the other kept.
  await expect
    .poll(async () => (await mailsTo(bot)).filter((m) => /method=CANCEL/i.test(m.text)).length, {
      timeout: 15_000,
    })
    .toBe(2);
  expect((await mailsTo(other)).filter((m) => /method=CANCEL/i.test(m.text))).toHaveLength(0);
});
