// A visitor books a consultation on the site (their own Chromium context), the member sees it in the
// desk's Consultations screen and moves it, and the visitor's updated invitation (same UID, SEQUENCE 1)
// arrives at the SMTP peer.
import { expect, test } from "@playwright/test";
import { smtpSink, siteUrl } from "./support/desk-env";
import { availableAroundTheClock, enrolNewMember } from "./support/desk";

interface SinkMessage {
  envelope: { to: string[] };
  headers: Record<string, string>;
  text: string;
}
const mailsTo = async (address: string) =>
  ((await (await fetch(`${smtpSink.url}/messages`)).json()) as SinkMessage[]).filter((m) =>
    m.envelope.to.includes(address),
  );

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

  await expect.poll(async () => (await mailsTo(visitorEmail)).length, { timeout: 15_000 }).toBe(1);
  const [invite] = await mailsTo(visitorEmail);
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

  await expect.poll(async () => (await mailsTo(visitorEmail)).length, { timeout: 15_000 }).toBe(2);
  const moved = (await mailsTo(visitorEmail))[1]!;
  expect(moved.headers.subject).toBe("Moved: your free consultation");
  expect(moved.text).toContain(`UID:${uid}`);
  expect(moved.text).toContain("SEQUENCE:1");
  const dtstart = new Date(newStart!).toISOString().replace(/[-:]|\.\d{3}/g, "");
  expect(moved.text).toContain(`DTSTART:${dtstart}`);
});
