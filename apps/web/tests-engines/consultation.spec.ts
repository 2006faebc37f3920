/**
 * Booking a free consultation in every engine: a day and a time picked with the pointer, the details
 * typed key by key, the page waiting for the address, the mail's link confirming it with the time
 * and the .ics, the lead read back with the leads command. Each engine takes a time of its own (a member is free around the clock).
 */
import { confirmLinkTo, consultingMember } from "../tests/support/consultations";
import { leadsByEmail, uniqueToken } from "../tests/support/leads";
import { expect, test } from "./fixtures";

test.beforeAll(async () => {
  await consultingMember();
});

const form = 'form[aria-labelledby="consultation-form-title"]';

test("consultation: a slot chosen, details typed, booked, confirmed with the .ics, stored", async ({
  tab,
  engineName,
}) => {
  const token = uniqueToken(engineName[0]!);
  const email = `book.${token}@example.com`;
  await tab.open("/consultation");
  // The visitor's zone is named on the page; London is one click away.
  await tab.waitUntilShown("[data-zone]", true, 15_000);
  await tab.click({ css: "button[aria-pressed]", name: "London" });
  await tab.waitFor(
    () => document.querySelector("[data-zone]")?.getAttribute("data-zone") === "Europe/London",
    [],
  );
  await tab.waitUntilShown("[data-day]", true, 15_000);
  // A day and a time of this engine's own (a few days on, so the runs of the engines never meet).
  const offset = { chromium: 3, firefox: 5, webkit: 7 }[engineName] ?? 9;
  const day = await tab.run(
    (n) => document.querySelectorAll("[data-day]")[n]?.getAttribute("data-day") ?? null,
    offset,
  );
  expect(day).toBeTruthy();
  await tab.click(`[data-day="${day}"]`);
  await tab.waitUntilShown(`[data-slot^="${day}"]`, true);
  const slot = await tab.run(
    (d, n) =>
      Array.from(document.querySelectorAll(`[data-slot^="${d}"]`))[n]?.getAttribute("data-slot") ?? null,
    day!,
    Math.floor(Math.random() * 20),
  );
  expect(slot).toBeTruthy();
  await tab.click(`[data-slot="${slot}"]`);
  await tab.fill(`${form} [name="name"]`, "Ada Lovelace");
  await tab.fill(`${form} [name="email"]`, email);
  // The phone is optional: Tab past it to the service, chosen from the keyboard by its first letters.
  await tab.press("Tab");
  await tab.press("Tab");
  await tab.type("ERP");
  await tab.click({ css: `${form} button[type=submit]`, name: "Book consultation" });
  await tab.waitUntilShown("[data-booked]", true, 15_000);
  expect(
    await tab.run(() => document.querySelector("[data-meeting-start]")?.getAttribute("data-meeting-start")),
  ).toBe(slot);
  // The booking waits for the address: the page says so, and the mail's link confirms it.
  await tab.waitUntilShown("[data-confirm-by]", true, 5_000);
  let link: string | undefined;
  await expect
    .poll(async () => (link = await confirmLinkTo(email)), { timeout: 30_000, intervals: [250, 500, 1000] })
    .toBeTruthy();
  // Opened as from a mail reader: a page load of its own (WebDriver waits in vain for a load when
  // only the fragment of the current address changes).
  await tab.open("/");
  await tab.open(link!.slice(link!.indexOf("/consultation")));
  await tab.waitUntilShown("[data-confirm-result] [data-booked]", true, 15_000);
  // The .ics link comes one commit after the panel (its blob URL is made in an effect).
  await tab.waitUntilShown('a[download="consultation.ics"]', true, 5_000);
  const href = await tab.run(
    () => document.querySelector('a[download="consultation.ics"]')?.getAttribute("href") ?? "",
  );
  expect(href).toMatch(/^blob:/);
  await expect
    .poll(async () => (await leadsByEmail(email)).length, { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(1);
  expect((await leadsByEmail(email))[0]).toMatchObject({ kind: "consultation", service: "erp-consultation" });
});
