import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { backend, deskUrl } from "./support/desk-env";
import { enrolNewMember } from "./support/desk";
import { postLead } from "./support/seed";

// The walk, part 1: invite → enrol → sign in → filter and search → open a lead → status,
// assignee and note → sign out. (Part 2 adds export, mark not spam and erase.)
test("invite, enrol, sign in, find a lead, work it, sign out", async ({ page, context }, info) => {
  test.skip(info.project.name !== "desktop", "the walk runs once per backend, at 1280 px");
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

  // Sign out ends the session on the server: the old cookie no longer opens the API.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  const res = await page.request.get("/api/leads", { headers: { cookie: `desk_session=${cookie!.value}` } });
  expect(res.status()).toBe(401);
  info.annotations.push({ type: "backend", description: backend });
});
