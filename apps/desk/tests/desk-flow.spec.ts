import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { backend, deskUrl } from "./support/desk-env";
import { enrolNewMember } from "./support/desk";
import { postLead } from "./support/seed";

// The walk: invite → enrol → sign in → filter and search → open a lead → status, assignee
// and note → export → mark not spam → erase → sign out.
test("invite, enrol, sign in, find a lead, work it, export, un-spam, erase, sign out", async ({
  page,
  context,
}, info) => {
  test.skip(info.project.name !== "desktop", "the walk runs once per backend, at 1280 px");
  // A dozen screens and two passkey ceremonies: 30 s, the budget of one check, ran out at its last
  // request in a CI run on a loaded machine.
  test.setTimeout(60_000);
  const tag = randomUUID().slice(0, 6);
  const quoteName = `Charles Babbage ${tag}`;
  const contactName = `Ada Byron ${tag}`;
  await postLead("quotation", {
    name: quoteName,
    email: `charles-${tag}@example.com`,
    phone: "020 7946 0123",
    company: `Analytical Engines ${tag}`,
    service: "erp-consultation",
    details: "Forty users across two sites.",
  });
  await postLead("contact", {
    name: contactName,
    email: `ada-${tag}@example.com`,
    phone: "+44 20 7946 0000",
    message: `Notes on the engine ${tag}`,
  });
  const botName = `Real Person ${tag}`;
  // The honeypot filled: stored as spam, nobody notified.
  await postLead("contact", {
    name: botName,
    email: `real-${tag}@example.com`,
    phone: "+44 20 7946 0999",
    message: `Caught by the honeypot ${tag}`,
    website: "http://example.com",
  });

  // Invite (the real CLI) → enrol with a passkey → signed in.
  const { name, authenticator } = await enrolNewMember(page, "Sam Seller");
  expect(await authenticator.credentials()).toHaveLength(1);
  const [cookie] = (await context.cookies()).filter((c) => c.name === "desk_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/", secure: false });

  // Sign out, then in again with the discoverable passkey (no e-mail typed).
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(`${deskUrl}/sign-in`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  // Filter by kind, then search: the filters live in the URL, so the view survives a reload.
  await page.getByLabel("Kind").selectOption("quotation");
  await expect(page).toHaveURL(/kind=quotation/);
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const rows = page.getByRole("table").getByRole("link");
  await expect(rows).toHaveText([quoteName]);
  await page.reload();
  await expect(page.getByLabel("Kind")).toHaveValue("quotation");
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);
  await expect(rows).toHaveText([quoteName]);
  await page.getByLabel("Kind").selectOption("");
  await expect(rows).toHaveText([contactName, quoteName]);

  // Open the quote request: every field, reply and call.
  await rows.filter({ hasText: quoteName }).click();
  await expect(page.getByRole("heading", { name: quoteName, level: 1 })).toBeVisible();
  await expect(page.getByText(`Analytical Engines ${tag}`).first()).toBeVisible();
  await expect(page.getByText("Forty users across two sites.")).toBeVisible();
  const reply = page.getByRole("link", { name: "Reply by e-mail" });
  await expect(reply).toHaveAttribute(
    "href",
    `mailto:charles-${tag}%40example.com?subject=${encodeURIComponent("Re: your quote request for ERP Consultation")}`,
  );
  await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", "tel:02079460123");

  // Status, assignee, note: saved, shown, and on the timeline.
  await page.getByLabel("Status").selectOption("contacted");
  await expect(page.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();
  await page.getByLabel("Assignee").selectOption({ label: `${name} (me)` });
  await expect(page.getByRole("status").filter({ hasText: "Assignee saved." })).toBeVisible();
  await page.getByLabel("Add a note").fill("Called back: wants a demo on Friday.");
  await page.getByRole("button", { name: "Add note" }).click();
  const notes = page.getByRole("region", { name: /Notes/ });
  await expect(notes.getByText("Called back: wants a demo on Friday.")).toBeVisible();
  await expect(notes.getByText(name)).toBeVisible();
  await expect(page.getByLabel("Add a note")).toHaveValue("");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveText([
    /Received from the quote form/,
    /E-mail to the team: queued/,
    // The run has an SMTP peer (the consultations' invitations go to it): the e-mail is delivered
    // while the member enrols, before any change is made.
    /E-mail to the team: delivered \(1 attempt\)/,
    /set the status to Contacted \(was New\)/,
    new RegExp(`assigned it to ${name}`),
    /added a note/,
  ]);

  // Back in the inbox the lead shows its new state, under the "Contacted" count too.
  await page.getByRole("link", { name: "Inbox" }).first().click();
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await page
    .getByRole("navigation", { name: "Leads by status" })
    .getByRole("link", { name: /Contacted/ })
    .click();
  await expect(rows).toHaveText([quoteName]);
  await expect(page.getByRole("table").getByText(name)).toBeVisible();

  // Export the current filter: a CSV download of exactly that lead, then on the lead's timeline.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(quoteName);
  await rows.filter({ hasText: quoteName }).click();
  await expect(timeline.getByRole("listitem").last()).toHaveText(new RegExp(`${name} exported it`));

  // The spam filter finds the honeypot catch; "not spam" queues the notification spam skipped.
  await page.goto(`/?spam=only&q=${tag}`);
  await rows.filter({ hasText: botName }).click();
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(notifications).toContainText("None: spam is not notified.");
  await page.getByRole("button", { name: "Not spam: notify the team" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked as not spam" })).toBeVisible();
  await expect(notifications.getByText("E-mail to the team")).toBeVisible();
  await expect(timeline.getByRole("listitem")).toContainText([new RegExp(`${name} marked it as not spam`)]);

  // Erase the contact's data: the dialog says how many leads go; then the inbox says it is done.
  await page.goto(`/?q=${encodeURIComponent(contactName)}`);
  await rows.filter({ hasText: contactName }).click();
  await page.getByRole("button", { name: "Erase this person's data" }).click();
  const dialog = page.getByRole("dialog", { name: `Erase ada-${tag}@example.com?` });
  await expect(dialog).toContainText("This removes 1 lead of this address");
  await dialog.getByRole("button", { name: "Erase 1 lead" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erased 1 lead" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await expect(rows).toHaveText([botName, quoteName]);

  // Sign out ends the session on the server: the old cookie no longer opens the API.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  const res = await page.request.get("/api/leads", { headers: { cookie: `desk_session=${cookie!.value}` } });
  expect(res.status()).toBe(401);
  info.annotations.push({ type: "backend", description: backend });
});
