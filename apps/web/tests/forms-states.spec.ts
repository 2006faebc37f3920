/**
 * Form states and messages in the browser, with the lead services replaced at the network edge by
 * Playwright's request routing (500 answers, dropped connections, slow answers) and time moved by
 * Playwright's clock. The real-service path is covered by forms-e2e.spec.ts.
 */
import { expect, type Page, type Route, test } from "@playwright/test";
import { waitForHydration } from "./support/chrome";
import { company } from "@site/content/data/company";
import { baseURL, contactApiUrl, quotationApiUrl } from "./support/e2e-env";
import { UUID_V7_PATTERN as UUID } from "@site/contracts/uuid";

interface FormCase {
  path: string;
  api: string;
  submit: string;
  success: string;
  failure: string;
  /** What a dropped connection shows. */
  unreachable: string;
  fill: (page: Page) => Promise<void>;
}

const forms: Record<"contact" | "quote", FormCase> = {
  contact: {
    path: "/contact",
    api: `${contactApiUrl}/contact`,
    submit: "Send Message",
    success: "Thank you for contacting us! We'll get back to you soon.",
    failure: "Something went wrong. Please try again later.",
    unreachable: "An error occurred. Please try again later.",
    fill: async (page) => {
      await page.getByLabel("Name").fill("Ada Lovelace");
      await page.getByLabel("Email").fill("ada@example.com");
      await page.getByLabel("Phone").fill("+44 20 7946 0555");
      await page
        .getByRole("textbox", { name: "Message" })
        .fill("Could you help us replace our office network?");
    },
  },
  quote: {
    path: "/quote",
    api: `${quotationApiUrl}/quotation`,
    submit: "Request Quote",
    success: "Your quote request has been submitted successfully!",
    failure: "Failed to submit the quote request. Please try again.",
    // The spec's fallback, not the engine's own wording ("Failed to fetch" in Chromium).
    unreachable: "An error occurred. Please try again.",
    fill: async (page) => {
      await page.getByLabel("Name").fill("Grace Hopper");
      await page.getByLabel("Email").fill("grace@example.com");
      await page.getByLabel("Phone").fill("020 7946 0777");
      await page.getByRole("combobox", { name: "Service" }).selectOption("erp-consultation");
    },
  },
};

const cors = { "access-control-allow-origin": baseURL, "content-type": "application/json" };
const answer = (route: Route, status: number, body: unknown = status < 300 ? { id: "routed" } : {}) =>
  route.fulfill({ status, headers: cors, body: JSON.stringify(body) });

/** Routes the form's POSTs to `handler`, records their Idempotency-Keys and bodies. */
async function routeApi(page: Page, form: FormCase, handler: (route: Route, n: number) => Promise<void>) {
  const seen: { key: string | undefined; body: Record<string, unknown> }[] = [];
  await page.route(form.api, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    seen.push({ key: route.request().headers()["idempotency-key"], body: route.request().postDataJSON() });
    await handler(route, seen.length);
  });
  return seen;
}

for (const [kind, form] of Object.entries(forms)) {
  test.describe(`${kind} form`, () => {
    test("shows the non-success message on a 500 answer", async ({ page }) => {
      await routeApi(page, form, (route) => answer(route, 500));
      await page.goto(form.path);
      await waitForHydration(page);
      await form.fill(page);
      await page.getByRole("button", { name: form.submit }).click();
      await expect(page.getByRole("alert")).toHaveText(form.failure);
      await expect(page.getByRole("status")).toBeEmpty();
      await expect(page.getByLabel("Name")).not.toHaveValue(""); // nothing typed is lost
    });

    test("shows the network failure message when the connection drops", async ({ page }) => {
      await routeApi(page, form, (route) => route.abort("connectionreset"));
      await page.goto(form.path);
      await waitForHydration(page);
      await form.fill(page);
      await page.getByRole("button", { name: form.submit }).click();
      await expect(page.getByRole("alert")).toHaveText(form.unreachable);
    });

    test("reads 'Submitting...' on a disabled button while the request is in flight", async ({ page }) => {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      await routeApi(page, form, async (route) => {
        await released;
        await answer(route, 201);
      });
      await page.goto(form.path);
      await waitForHydration(page);
      await form.fill(page);
      await page.getByRole("button", { name: form.submit }).click();
      const busy = page.getByRole("button", { name: "Submitting..." });
      await expect(busy).toBeDisabled();
      release();
      await expect(page.getByRole("status")).toHaveText(form.success);
      const button = page.getByRole("button", { name: form.submit });
      await expect(button).toBeEnabled();
      await expect(button).toBeFocused(); // keyboard focus survives the disabled phase
    });

    test("empties the form on success and removes the message after 15 seconds", async ({ page }) => {
      await page.clock.install();
      await routeApi(page, form, (route) => answer(route, 201));
      await page.goto(form.path);
      await waitForHydration(page);
      await form.fill(page);
      await page.getByRole("button", { name: form.submit }).click();
      const status = page.getByRole("status");
      await expect(status).toHaveText(form.success);
      await expect(page.getByLabel("Name")).toHaveValue("");
      await expect(page.getByLabel("Email")).toHaveValue("");

      await page.clock.runFor(14_000);
      await expect(status).toHaveText(form.success);
      await page.clock.runFor(1_000);
      await expect(status).toBeEmpty();
    });

    test("sends an Idempotency-Key, reuses it for an unchanged retry and renews it for new data", async ({
      page,
    }) => {
      const seen = await routeApi(page, form, (route, n) => answer(route, n === 1 ? 503 : 201));
      await page.goto(form.path);
      await waitForHydration(page);
      await form.fill(page);
      const button = page.getByRole("button", { name: form.submit });
      await button.click();
      await expect(page.getByRole("alert")).toHaveText(form.failure);
      await button.click();
      await expect(page.getByRole("status")).toHaveText(form.success);
      expect(seen).toHaveLength(2);
      expect(seen[0]!.key).toMatch(UUID);
      expect(seen[1]!.key).toBe(seen[0]!.key);

      await form.fill(page); // the same details again after a success: a new submission
      await button.click();
      await expect.poll(() => seen.length).toBe(3);
      expect(seen[2]!.key).toMatch(UUID);
      expect(seen[2]!.key).not.toBe(seen[0]!.key);
    });

    test("has a honeypot that is present, empty, off-screen and skipped by the keyboard", async ({
      page,
    }) => {
      const seen = await routeApi(page, form, (route) => answer(route, 201));
      await page.goto(form.path);
      await waitForHydration(page);
      const trap = page.getByLabel("Leave this field empty");
      await expect(trap).toHaveAttribute("name", "website");
      await expect(trap).toHaveAttribute("tabindex", "-1");
      await expect(trap).toHaveAttribute("autocomplete", "off");
      await expect(trap).not.toBeInViewport();
      const box = await trap.boundingBox();
      expect(box!.x + box!.width).toBeLessThan(0);

      await form.fill(page);
      await page.getByRole("button", { name: form.submit }).click();
      await expect(page.getByRole("status")).toHaveText(form.success);
      expect(seen[0]!.body.website).toBe("");
    });

    test("validates in the browser with the contract and sends nothing", async ({ page }) => {
      const seen = await routeApi(page, form, (route) => answer(route, 201));
      await page.goto(form.path);
      await waitForHydration(page);
      await page.getByRole("button", { name: form.submit }).click();
      const name = page.getByLabel("Name");
      await expect(name).toBeFocused();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription(/Name is required\./);
      await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/Email is required\./);
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByRole("button", { name: form.submit }).click();
      await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/Enter a valid email address\./);
      expect(seen).toHaveLength(0);
    });

    test("shows the per-field errors of a 400 answer", async ({ page }) => {
      await routeApi(page, form, (route) =>
        answer(route, 400, {
          error: "validation_failed",
          fields: { phone: ["Enter a valid phone number."] },
        }),
      );
      await page.goto(form.path);
      await waitForHydration(page);
      await form.fill(page);
      await page.getByRole("button", { name: form.submit }).click();
      await expect(page.getByRole("alert")).toHaveText(form.failure);
      await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/Enter a valid phone number\./);
    });
  });
}

test("the contact page shows the company's e-mail, UK phone, London address and office hours", async ({
  page,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  const details = page.getByRole("region", { name: "Contact details" });
  await expect(details.getByRole("link", { name: company.email.info })).toHaveAttribute(
    "href",
    `mailto:${company.email.info}`,
  );
  await expect(details.getByRole("link", { name: company.phone.uk.display })).toHaveAttribute(
    "href",
    `tel:${company.phone.uk.tel}`,
  );
  await expect(details).toContainText(company.address.street);
  await expect(details).toContainText("London");
  await expect(details).toContainText("Monday to Friday 9am to 6pm GMT");
  await expect(page).toHaveTitle(/^Contact Us \| /);
});

test("the quote page has its own title and the form's privacy line", async ({ page }) => {
  await page.goto("/quote");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Request a Quote" })).toBeVisible();
  await expect(page).toHaveTitle(/^Request a Quote \| /);
  await expect(page.getByRole("main").getByRole("link", { name: "privacy notice" })).toHaveAttribute(
    "href",
    "/privacy",
  );
});
