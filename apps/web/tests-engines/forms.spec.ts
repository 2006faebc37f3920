/**
 * Both lead forms, typed key by key and submitted with the pointer, against the real services; the
 * lead read back with `npm run leads -- list --json` (tests/support/leads.ts). Then what a visitor
 * sees when the service cannot be reached, and the look of the quote form's service field.
 */
import { baseURL, contactApiUrl, quotationApiUrl } from "../tests/support/e2e-env";
import { leadsByEmail, uniqueToken } from "../tests/support/leads";
import { expect, test } from "./fixtures";
import type { Tab } from "./tab";

/** The form titled by the heading with id `${form}-title` (lead-form-shell.tsx). */
const formCss = (form: string) => `form[aria-labelledby="${form}-title"]`;
const field = (form: string, name: string) => `${formCss(form)} [name="${name}"]`;

/** Text of the form's live regions: [role=status] (success) and [role=alert] (errors). */
function formMessage(form: string, role: string) {
  const css = `form[aria-labelledby="${form}-title"] [role="${role}"]`;
  return document.querySelector(css)?.textContent?.trim() ?? "";
}

async function storedLead(email: string) {
  await expect
    .poll(async () => (await leadsByEmail(email)).length, { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(1);
  return (await leadsByEmail(email))[0];
}

async function fillContact(tab: Tab, lead: Record<"name" | "email" | "phone" | "message", string>) {
  for (const name of ["name", "email", "phone", "message"] as const) {
    await tab.fill(field("contact-form", name), lead[name]);
  }
}

/** The quote form as a visitor fills it: the service is chosen from the keyboard, by its first letters. */
async function fillQuote(
  tab: Tab,
  lead: Record<"name" | "company" | "email" | "phone" | "details", string>,
  serviceKeys: string,
) {
  for (const name of ["name", "company", "email", "phone"] as const) {
    await tab.fill(field("quote-form", name), lead[name]);
  }
  await tab.press("Tab");
  await tab.type(serviceKeys);
  await tab.fill(field("quote-form", "details"), lead.details);
}

test("contact form: typed, sent, thanked, stored", async ({ tab, engineName }) => {
  const token = uniqueToken(engineName[0]!);
  // Short texts: every character is a real key press (and a protocol round trip).
  const lead = {
    name: "Ada Lovelace",
    email: `ada.${token}@example.com`,
    phone: "+44 20 7946 0555",
    message: "A stock system, please.",
  };
  await tab.open("/contact");
  await fillContact(tab, lead);
  await tab.click({ css: `${formCss("contact-form")} button[type=submit]`, name: "Send Message" });
  expect(await tab.waitFor(formMessage, ["contact-form", "status"])).toBe(
    "Thank you for contacting us! We'll get back to you soon.",
  );
  expect(
    await tab.run(
      (css) => (document.querySelector(css) as HTMLInputElement).value,
      field("contact-form", "name"),
    ),
  ).toBe("");
  expect(await storedLead(lead.email)).toMatchObject({ kind: "contact", spam: false, ...lead });
});

test("quote form: typed, service chosen from the keyboard, sent, confirmed, stored", async ({
  tab,
  engineName,
}) => {
  const token = uniqueToken(engineName[0]!);
  const lead = {
    name: "Grace Hopper",
    company: "Hopper & Co",
    email: `grace.${token}@example.com`,
    phone: "020 7946 0777",
    details: "Portal for 40 depots.",
  };
  await tab.open("/quote");
  await fillQuote(tab, lead, "Web");
  expect(
    await tab.run(
      (css) => (document.querySelector(css) as HTMLSelectElement).value,
      field("quote-form", "service"),
    ),
  ).toBe("web-app-development");
  await tab.click({ css: `${formCss("quote-form")} button[type=submit]`, name: "Request Quote" });
  expect(await tab.waitFor(formMessage, ["quote-form", "status"])).toBe(
    "Your quote request has been submitted successfully!",
  );
  expect(await storedLead(lead.email)).toMatchObject({
    kind: "quotation",
    spam: false,
    service: "web-app-development",
    ...lead,
  });
});

/**
 * A service the browser cannot get an answer from. The page is opened from an origin the services do
 * not allow (127.0.0.1 instead of localhost), so every engine refuses the answer and fetch rejects,
 * exactly as when the service is down or the visitor offline; no engine's request interception is
 * needed (classic WebDriver has none).
 */
const unreachableOrigin = baseURL.replace("//localhost", "//127.0.0.1");

test("both forms show the spec's sentence, not the engine's, when the service cannot be reached", async ({
  tab,
}) => {
  const lead = { name: "Alan Turing", email: "alan@example.com", phone: "020 7946 0999" };
  // Every engine reports the refused requests (Firefox and WebKit among the script errors): the
  // proof of work's challenge, fetched as the form is touched, and the post itself.
  tab.expectErrorsMentioning(
    `${contactApiUrl}/challenge`,
    `${contactApiUrl}/contact`,
    `${quotationApiUrl}/challenge`,
    `${quotationApiUrl}/quotation`,
  );
  await tab.open(`${unreachableOrigin}/quote`);
  await fillQuote(tab, { ...lead, company: "", details: "" }, "ERP");
  await tab.click({ css: `${formCss("quote-form")} button[type=submit]`, name: "Request Quote" });
  expect(await tab.waitFor(formMessage, ["quote-form", "alert"], { timeout: 15_000 })).toBe(
    "An error occurred. Please try again.",
  );

  await tab.open(`${unreachableOrigin}/contact`);
  await fillContact(tab, { ...lead, message: "Hello" });
  await tab.click({ css: `${formCss("contact-form")} button[type=submit]`, name: "Send Message" });
  expect(await tab.waitFor(formMessage, ["contact-form", "alert"], { timeout: 15_000 })).toBe(
    "An error occurred. Please try again later.",
  );
});

/** Runs in the page: how the service field is drawn, next to the name field above it. */
function serviceFieldLook() {
  const form = 'form[aria-labelledby="quote-form-title"]';
  const select = document.querySelector(`${form} [name="service"]`) as HTMLSelectElement;
  const input = document.querySelector(`${form} [name="name"]`) as HTMLInputElement;
  const s = getComputedStyle(select);
  const i = getComputedStyle(input);
  const box = select.getBoundingClientRect();
  // A chevron of its own: a background image, or an icon drawn over the field's right end.
  const icon = Array.from(select.parentElement?.querySelectorAll("svg") ?? []).some((svg) => {
    const r = svg.getBoundingClientRect();
    return (
      r.width > 0 &&
      r.left >= box.right - 48 &&
      r.right <= box.right &&
      r.top >= box.top &&
      r.bottom <= box.bottom
    );
  });
  return {
    tag: select.tagName,
    appearance: s.appearance || s.getPropertyValue("-webkit-appearance"),
    chevron: icon || s.backgroundImage !== "none",
    height: Math.round(box.height * 10) / 10,
    inputHeight: Math.round(input.getBoundingClientRect().height * 10) / 10,
    border: [s.borderTopWidth, s.borderTopColor, s.borderTopLeftRadius, s.backgroundColor, s.fontSize],
    inputBorder: [i.borderTopWidth, i.borderTopColor, i.borderTopLeftRadius, i.backgroundColor, i.fontSize],
  };
}

for (const width of [375, 1280]) {
  test(`quote form at ${width} px: the service field looks like the other fields and is a native select`, async ({
    tab,
  }) => {
    await tab.setViewport(width, 800);
    await tab.open("/quote");
    const look = await tab.run(serviceFieldLook);
    expect.soft(look.tag).toBe("SELECT");
    expect.soft(look.appearance).toBe("none");
    expect.soft(look.chevron, "a chevron of its own").toBe(true);
    expect.soft(look.height, "same height as the name field").toBe(look.inputHeight);
    expect
      .soft(look.border, "border, corners, background and text size of the name field")
      .toEqual(look.inputBorder);
  });
}
