import { expect, test } from "@playwright/test";
import { UNVERIFIED_HINT } from "../app/leads/status-badge";
import { checkScreen } from "./support/axe";
import { enrolNewMember } from "./support/desk";

// A lead sent without the site's anti-spam check (the seed's "Unverified Sender", posted straight to
// the service) carries an Unverified badge in the inbox and on its page, with why; the leads sent as
// the site's forms send them carry none. At 375 and 1280 px (the two projects).
test("an unverified lead is marked in the inbox and on its page, a verified one is not", async ({
  page,
}, info) => {
  await enrolNewMember(page, "Uma Checker");
  const rows = page.getByRole("row");
  const unverified = rows.filter({ hasText: "Unverified Sender" });
  await expect(unverified.locator("[data-unverified]:visible")).toHaveText("Unverified");
  await expect(unverified.locator("[data-unverified]:visible")).toHaveAttribute("title", UNVERIFIED_HINT);
  const verified = rows.filter({ hasText: "Ada Lovelace" });
  await expect(verified.first()).toBeVisible();
  await expect(verified.locator("[data-unverified]")).toHaveCount(0);
  await checkScreen(page, info, "inbox-unverified");

  await unverified.getByRole("link", { name: "Unverified Sender" }).click();
  await expect(page.getByRole("heading", { name: "Unverified Sender", level: 1 })).toBeVisible();
  await expect(page.locator("header [data-unverified]")).toHaveText("Unverified");
  await expect(page.getByText(`${UNVERIFIED_HINT}.`)).toBeVisible();
  await checkScreen(page, info, "lead-unverified");

  await page.getByLabel("Desk").getByRole("link", { name: "Inbox" }).click();
  await verified.first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  await expect(page.locator("[data-unverified]")).toHaveCount(0);
  await expect(page.getByText(`${UNVERIFIED_HINT}.`)).toHaveCount(0);
});
