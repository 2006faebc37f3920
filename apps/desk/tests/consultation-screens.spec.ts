// The Consultations screens at 375 and 1280 px (the two projects): axe clean, no sideways scrolling,
// the dialogs open; DESK_SCREENSHOTS=dir saves them.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./support/axe";
import { availableAroundTheClock, enrolNewMember } from "./support/desk";
import { bookStanding, freeStarts } from "./support/booking";

/** A meeting booked (and confirmed) as a visitor: the last free time a few days on. */
async function bookMeeting(email: string) {
  const start = (await freeStarts())
    .slice(4)
    .find((d) => d.length)!
    .at(-1)!;
  await bookStanding(email, start);
}

test("the Consultations screens pass axe at both widths, dialogs included", async ({ page }, info) => {
  test.setTimeout(60_000);
  const { email } = await enrolNewMember(page, "Morgan Meeting");
  await availableAroundTheClock(email);
  await bookMeeting(`screens-${info.project.name}-${Date.now()}@example.com`);

  await page.getByRole("link", { name: "Consultations" }).click();
  await expect(page.getByRole("heading", { name: "Consultations", level: 1 })).toBeVisible();
  const card = page.locator("article", { hasText: "Katherine Johnson" }).first();
  await expect(card).toContainText("Web App Development");
  await checkScreen(page, info, "consultations");

  await card.getByRole("button", { name: "Reschedule" }).click();
  const move = page.getByRole("dialog", { name: /^Reschedule/ });
  await expect(move.getByRole("combobox").locator("option").nth(1)).toBeAttached();
  await checkScreen(page, info, "consultation-reschedule-dialog");
  await move.getByRole("button", { name: "Keep the time" }).click();
  await card.getByRole("button", { name: "Cancel", exact: true }).click();
  const cancel = page.getByRole("dialog", { name: /^Cancel the meeting/ });
  await expect(cancel).toBeVisible();
  await checkScreen(page, info, "consultation-cancel-dialog");
  await cancel.getByRole("button", { name: "Keep it" }).click();
  await card.getByRole("button", { name: "Cancel all of this address" }).click();
  const cancelAll = page.getByRole("dialog", { name: /^Cancel every upcoming meeting of/ });
  await expect(cancelAll).toBeVisible();
  await checkScreen(page, info, "consultation-cancel-address-dialog");
  await cancelAll.getByRole("button", { name: "Keep them" }).click();

  await page.getByRole("link", { name: "Hours, days off and settings" }).click();
  await expect(page.getByRole("heading", { name: "Hours, days off and settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: new RegExp(email) })).toBeVisible();
  await checkScreen(page, info, "consultation-availability");
});
