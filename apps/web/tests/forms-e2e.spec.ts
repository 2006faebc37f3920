/**
 * Both forms end to end through real parts: the built site in Chromium, the contact and quotation
 * services of `npm start`, the SQLite file read back with `npm run leads -- list --json`, and the
 * notification e-mail at a real SMTP peer (tests/support/smtp-sink.ts).
 */
import { type Page, expect, test } from "@playwright/test";
import { holdScripts, waitForHydration } from "./support/chrome";
import { contactApiUrl, notifyTo, quotationApiUrl } from "./support/e2e-env";
import { leadsByEmail, mailsReplyingTo, uniqueToken } from "./support/leads";
import { CHALLENGE_FIELD } from "@site/contracts/challenge";
import { UUID_V7_PATTERN as UUID } from "@site/contracts/uuid";

const CONTACT_SUCCESS = "Thank you for contacting us! We'll get back to you soon.";
const CONTACT_UNREACHABLE = "An error occurred. Please try again later.";
const QUOTE_SUCCESS = "Your quote request has been submitted successfully!";
/** The solved proof-of-work challenge each form sends (base64 of ALTCHA's JSON payload). */
const SOLUTION = expect.stringMatching(/^[A-Za-z0-9+/]{100,}={0,2}$/);

test.describe.configure({ timeout: 60_000 });

type QuoteLead = Record<"name" | "company" | "email" | "phone" | "details", string>;

/** Fills the quote form as a visitor does, choosing the service by its visible label. */
async function fillQuoteForm(page: Page, lead: QuoteLead, serviceLabel: string) {
  await page.getByLabel("Name").fill(lead.name);
  await page.getByLabel("Company").fill(lead.company);
  await page.getByLabel("Email").fill(lead.email);
  await page.getByLabel("Phone").fill(lead.phone);
  await page.getByRole("combobox", { name: "Service" }).selectOption({ label: serviceLabel });
  await page.getByLabel("Project details").fill(lead.details);
}

test("a contact message is stored, listed by the leads command and e-mailed to the company", async ({
  page,
}, testInfo) => {
  const token = uniqueToken(testInfo.project.name);
  const lead = {
    name: `Ada Lovelace ${token}`,
    email: `ada.${token}@example.com`,
    phone: "+44 20 7946 0555",
    message: `We would like a quote for a stock management system. Ref ${token}.`,
  };

  await page.goto("/contact");

  await waitForHydration(page);
  await page.getByLabel("Name").fill(lead.name);
  await page.getByLabel("Email").fill(lead.email);
  await page.getByLabel("Phone").fill(lead.phone);
  await page.getByRole("textbox", { name: "Message" }).fill(lead.message);

  const requestSeen = page.waitForRequest(
    (r) => r.url() === `${contactApiUrl}/contact` && r.method() === "POST",
  );
  await page.getByRole("button", { name: "Send Message" }).click();
  const request = await requestSeen;
  expect(request.headers()["idempotency-key"]).toMatch(UUID);
  expect(request.postDataJSON()).toEqual({ ...lead, website: "", [CHALLENGE_FIELD]: SOLUTION });
  expect((await request.response())?.status()).toBe(201);

  await expect(page.getByRole("status")).toHaveText(CONTACT_SUCCESS);
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");

  await expect
    .poll(async () => (await leadsByEmail(lead.email)).length, {
      timeout: 20_000,
      intervals: [250, 500, 1000],
    })
    .toBe(1);
  const [stored] = await leadsByEmail(lead.email);
  expect(stored).toMatchObject({ kind: "contact", spam: false, unverified: false, ...lead });

  await expect
    .poll(async () => (await mailsReplyingTo(lead.email)).length, {
      timeout: 30_000,
      intervals: [250, 500, 1000],
    })
    .toBe(1);
  const [mail] = await mailsReplyingTo(lead.email);
  expect(mail!.envelope.to).toEqual([notifyTo]);
  expect(mail!.headers.subject).toContain(lead.name);
  expect(mail!.headers["message-id"]).toContain(stored!.id);
  expect(mail!.text).toContain(lead.message);
  await expect
    .poll(async () => (await leadsByEmail(lead.email))[0]?.notification.state, { timeout: 20_000 })
    .toBe("sent");
});

test("a quote request is stored with its service and company and e-mailed to the company", async ({
  page,
}, testInfo) => {
  const token = uniqueToken(testInfo.project.name);
  const lead = {
    name: `Grace Hopper ${token}`,
    company: `Hopper Logistics ${token}`,
    email: `grace.${token}@example.com`,
    phone: "020 7946 0777",
    service: "web-app-development",
    details: `Customer portal for 40 depots, launch in spring. Ref ${token}.`,
  };

  await page.goto("/quote");

  await waitForHydration(page);
  await fillQuoteForm(page, lead, "Web App Development");

  const requestSeen = page.waitForRequest(
    (r) => r.url() === `${quotationApiUrl}/quotation` && r.method() === "POST",
  );
  await page.getByRole("button", { name: "Request Quote" }).click();
  const request = await requestSeen;
  expect(request.headers()["idempotency-key"]).toMatch(UUID);
  expect(request.postDataJSON()).toEqual({ ...lead, website: "", [CHALLENGE_FIELD]: SOLUTION });

  await expect(page.getByRole("status")).toHaveText(QUOTE_SUCCESS);
  await expect(page.getByRole("combobox", { name: "Service" })).toHaveValue("");

  await expect
    .poll(async () => (await leadsByEmail(lead.email)).length, {
      timeout: 20_000,
      intervals: [250, 500, 1000],
    })
    .toBe(1);
  const [stored] = await leadsByEmail(lead.email);
  expect(stored).toMatchObject({ kind: "quotation", spam: false, unverified: false, ...lead });

  await expect
    .poll(async () => (await mailsReplyingTo(lead.email)).length, {
      timeout: 30_000,
      intervals: [250, 500, 1000],
    })
    .toBe(1);
  const [mail] = await mailsReplyingTo(lead.email);
  expect(mail!.envelope.to).toEqual([notifyTo]);
  expect(mail!.headers.subject).toContain(lead.name);
  expect(mail!.text).toContain(lead.details);
});

test("details entered before the page hydrated are sent as they are on screen, not reported missing", async ({
  page,
}, testInfo) => {
  const token = uniqueToken(testInfo.project.name);
  const lead = {
    name: `Early Bird ${token}`,
    company: `Autofill Ltd ${token}`,
    email: `early.${token}@example.com`,
    phone: "020 7946 0888",
    service: "erp-consultation",
    details: `Typed on a slow phone before the scripts arrived. Ref ${token}.`,
  };
  // The visitor (or the browser's autofill) fills the form in before the scripts have arrived.
  const release = await holdScripts(page);

  // Not the load event: a script that the boot puts in the page before it (when the first paint comes
  // before the last image) holds it, and the scripts are held here until the form is filled.
  await page.goto("/quote", { waitUntil: "domcontentloaded" });
  await fillQuoteForm(page, lead, "ERP Consultation");
  await expect(page.getByRole("button", { name: "Request Quote" })).toBeDisabled();
  release();
  await waitForHydration(page);

  const requestSeen = page.waitForRequest(
    (r) => r.url() === `${quotationApiUrl}/quotation` && r.method() === "POST",
    { timeout: 10_000 },
  );
  await page.getByRole("button", { name: "Request Quote" }).click();
  const request = await requestSeen;
  expect(request.postDataJSON()).toEqual({ ...lead, website: "", [CHALLENGE_FIELD]: SOLUTION });
  await expect(page.getByRole("status")).toHaveText(QUOTE_SUCCESS);
  await expect(page.getByText(/is required/)).toHaveCount(0);
  await expect.poll(async () => (await leadsByEmail(lead.email)).length, { timeout: 20_000 }).toBe(1);
});

test("a retry after a lost answer reuses the Idempotency-Key and stores the lead once", async ({
  page,
}, testInfo) => {
  const token = uniqueToken(testInfo.project.name);
  const email = `retry.${token}@example.com`;
  const keys: string[] = [];
  // The first POST reaches the real service (the lead is stored) but its answer is lost on the way back.
  let first = true;
  await page.route(`${contactApiUrl}/contact`, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (!first) return route.fallback();
    first = false;
    const response = await route.fetch();
    expect(response.status()).toBe(201);
    await route.abort("connectionreset");
  });

  await page.goto("/contact");

  await waitForHydration(page);
  await page.getByLabel("Name").fill(`Retry Person ${token}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("07700 900123");
  await page.getByRole("textbox", { name: "Message" }).fill("Please call me back about hardware support.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert")).toHaveText(CONTACT_UNREACHABLE);

  await page.getByRole("button", { name: "Send Message" }).click(); // same data, unchanged
  await expect(page.getByRole("status")).toHaveText(CONTACT_SUCCESS);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(UUID);
  expect(keys[1]).toBe(keys[0]);

  await expect
    .poll(async () => (await leadsByEmail(email)).length, { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(1);
  await expect
    .poll(async () => (await mailsReplyingTo(email)).length, { timeout: 30_000, intervals: [250, 500, 1000] })
    .toBe(1);
});

test("a filled honeypot gets the normal success answer but the lead is stored as spam and not mailed", async ({
  page,
}, testInfo) => {
  const token = uniqueToken(testInfo.project.name);
  const email = `bot.${token}@example.com`;

  await page.goto("/quote");

  await waitForHydration(page);
  await page.getByLabel("Name").fill(`Spam Bot ${token}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("020 7946 0000");
  await page.getByRole("combobox", { name: "Service" }).selectOption("cctv-solutions");
  // What a form-filling bot does: it fills every input, including the one people never see.
  await page.locator('input[name="website"]').fill("https://spam.example");
  await page.getByRole("button", { name: "Request Quote" }).click();
  await expect(page.getByRole("status")).toHaveText(QUOTE_SUCCESS);

  await expect
    .poll(async () => (await leadsByEmail(email, "--spam")).length, {
      timeout: 20_000,
      intervals: [250, 500, 1000],
    })
    .toBe(1);
  const [stored] = await leadsByEmail(email, "--spam");
  expect(stored).toMatchObject({ spam: true, kind: "quotation" });
  expect(stored!.notification.state).toBe("not-notified-spam");
  expect(await leadsByEmail(email)).toHaveLength(0); // not among the real leads
  expect(await mailsReplyingTo(email)).toHaveLength(0);
});
