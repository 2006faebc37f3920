/**
 * A booking waits for the visitor's confirmed address (issue 33), end to end through real parts: the
 * built site in Chromium, the contact service of `npm start`, the mails at a real SMTP peer. The page
 * says a confirmation mail was sent and how long the time is held; the mail's link confirms (the
 * invitation follows) or, once the hold has lapsed, says so; a third upcoming booking of one address
 * is refused in words.
 */
import { type Page, expect, test } from "@playwright/test";
import path from "node:path";
import { CONFIRM_WITHIN_MINUTES, UPCOMING_PER_ADDRESS } from "@site/contracts/consultation";
import { waitForHydration, withCookiesAccepted } from "./support/chrome";
import { consultingMember, lapseHold, readableMail } from "./support/consultations";
import { baseURL, smtpSinkUrl } from "./support/e2e-env";
import { uniqueToken } from "./support/leads";
import type { SinkMessage } from "./support/smtp-sink";

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  await consultingMember();
});

const mailsTo = async (address: string) =>
  ((await (await fetch(`${smtpSinkUrl}/messages`)).json()) as SinkMessage[]).filter((m) =>
    m.envelope.to.includes(address),
  );
const confirmLink = (m: SinkMessage) => /(https?:\/\/\S+#confirm=[\w.-]+)/.exec(readableMail(m.raw))?.[1];

/** Screenshots for a person to look at, where WEB_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string, project: string) {
  const dir = process.env.WEB_SCREENSHOTS;
  if (dir) await page.locator("main").screenshot({ path: path.join(dir, `${name}-${project}.png`) });
}

/** Books the `day`-th day's first free time in London's zone for `email`; the answer's id. */
async function book(page: Page, email: string, day: number) {
  await page.goto("/consultation");
  await waitForHydration(page);
  await page.locator("button[aria-pressed]", { hasText: "London" }).click();
  await expect(page.locator("[data-zone]")).toHaveAttribute("data-zone", "Europe/London");
  await page.locator("[data-day]").nth(day).click();
  const slot = page.locator("[data-slot]").nth(Math.floor(Math.random() * 12));
  await slot.click();
  await page.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("combobox", { name: "Service" }).selectOption("erp-consultation");
  const answer = page.waitForResponse(
    (r) => r.url().endsWith("/consultation") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Book consultation" }).click();
  const res = await answer;
  return { status: res.status(), body: (await res.json()) as { id?: string; error?: string } };
}

test("a booking is held until the visitor confirms it from the e-mail; a lapsed hold and a third booking are refused in words", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const email = `confirm.${uniqueToken(project)}@example.com`;
  const days = project === "mobile" ? [7, 9, 11] : [1, 3, 5];
  await withCookiesAccepted(page);

  // Booked: the page says a mail with the link was sent and until when the time is held.
  const first = await book(page, email, days[0]!);
  expect(first).toMatchObject({ status: 201, body: { status: "pending" } });
  await expect(page.getByRole("heading", { name: "Please confirm your booking" })).toBeVisible();
  await expect(
    page.getByText("We have sent you an e-mail with a link to confirm your booking."),
  ).toBeVisible();
  const held = page.locator("[data-confirm-by]");
  await expect(held).toContainText(`We hold this time for you until`);
  await expect(held).toContainText(`(${CONFIRM_WITHIN_MINUTES} minutes)`);
  await expect(page.locator('a[download="consultation.ics"]')).toHaveCount(0);
  await shot(page, "consultation-pending", project);

  // The first mail holds the link and no invitation.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailsTo(email);
  expect(mail!.raw).not.toMatch(/text\/calendar/i);
  const link = confirmLink(mail!)!;
  expect(link.startsWith(`${baseURL}/consultation#confirm=`)).toBe(true);

  // The link confirms (opened as a mail reader does, in a new tab): the meeting with its .ics, and
  // the invitation follows by mail.
  const tab = await page.context().newPage();
  await withCookiesAccepted(tab);
  await tab.goto(link);
  await expect(tab.getByRole("heading", { name: "Your consultation is confirmed" })).toBeVisible();
  await expect(tab.locator('a[download="consultation.ics"]')).toHaveAttribute("href", /^blob:/);
  await expect(tab).toHaveURL(/#manage=/);
  await shot(tab, "consultation-confirmed", project);
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => /text\/calendar/i.test(m.raw)).length, {
      timeout: 30_000,
    })
    .toBe(1);

  // A second booking of the address waits too; a third is refused in words (2 upcoming at most).
  const second = await book(page, email, days[1]!);
  expect(second).toMatchObject({ status: 201, body: { status: "pending" } });
  const third = await book(page, email, days[2]!);
  expect(third).toMatchObject({ status: 409, body: { error: "address_limit" } });
  await expect(page.getByRole("alert")).toContainText(
    `You already have ${UPCOMING_PER_ADDRESS} upcoming consultations with us`,
  );
  await shot(page, "consultation-address-limit", project);

  // The second one's hold runs out: its link says so, and the page offers to book again.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(3);
  const secondLink = (await mailsTo(email)).map(confirmLink).find((l) => l && l !== link)!;
  await lapseHold(second.body.id!);
  await tab.goto(secondLink);
  await expect(tab.getByRole("alert")).toHaveText(
    `This booking was not confirmed within ${CONFIRM_WITHIN_MINUTES} minutes, so its time was freed. Please choose a time and book again.`,
  );
  await expect(tab.getByRole("link", { name: "Book another consultation" })).toBeVisible();
  await shot(tab, "consultation-lapsed", project);
});
