import { expect, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe";
import { invite } from "./support/desk";
import { addVirtualAuthenticator } from "./support/passkey";

/** Violations of the desk's CSP, collected from the page (none may happen). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

// Every desk screen at 375 and 1280 px (the two projects): axe clean (WCAG 2.2 AA), dialogs included,
// no CSP violation; DESK_SCREENSHOTS=dir saves a screenshot of each.
test("every screen passes axe, with no CSP violation", async ({ page }, info) => {
  test.setTimeout(90_000); // a dozen screens, each through axe (and a screenshot when asked)
  const violations = await watchCsp(page);
  await addVirtualAuthenticator(page);
  const { url } = await invite(`screens-${info.project.name}-${Date.now()}@example.com`, "Robin Reviewer");

  await page.goto(url);
  await expect(page.getByRole("button", { name: "Create my passkey" })).toBeVisible();
  await checkScreen(page, info, "enrol");
  await page.getByRole("button", { name: "Create my passkey" }).click();

  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(page.getByRole("table").getByRole("link").first()).toBeVisible();
  await checkScreen(page, info, "inbox");

  // On a phone the filters other than the search are folded away behind a button.
  const filters = page.getByRole("button", { name: /^Filters/ });
  if (await filters.isVisible()) {
    await checkScreen(page, info, "inbox-filters-folded");
    await filters.click();
  }
  await page.getByLabel("Kind").selectOption("quotation");
  await expect(page).toHaveURL(/kind=quotation/);
  await checkScreen(page, info, "inbox-filtered");

  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("region", { name: "Timeline" })).toBeVisible();
  const note = `Sent the brochure; follow up next week (${info.project.name}).`;
  await page.getByLabel("Add a note").fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText(note)).toBeVisible();
  await checkScreen(page, info, "lead");

  await page.getByRole("button", { name: "Erase this person's data" }).click();
  const erase = page.getByRole("dialog", { name: /^Erase / });
  await expect(erase).toContainText(/This removes \d+ leads? of this address/);
  await checkScreen(page, info, "erase-dialog");
  await erase.getByRole("button", { name: "Keep the data" }).click();
  await expect(erase).toBeHidden();

  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  await checkScreen(page, info, "shortcuts-dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  // Bars are drawn at their height at once (no animation): a screenshot shows what a person sees.
  const bar = page.locator(".recharts-bar-rectangle path").first();
  await expect(bar).toBeVisible();
  expect((await bar.boundingBox())?.height ?? 0).toBeGreaterThan(2);
  await checkScreen(page, info, "dashboard");

  await page.getByRole("link", { name: "Site speed" }).click();
  await expect(page.getByRole("heading", { name: "Site speed", level: 1 })).toBeVisible();
  const about = page.getByRole("region", { name: "/about" });
  await expect(about.getByRole("row").filter({ hasText: "LCP" })).toContainText(
    /Good|Needs improvement|Poor/,
  );
  await expect(page.getByRole("region", { name: "/packages" })).toContainText("Too few samples");
  await expect(page.locator(".recharts-line-dot").first()).toBeVisible();
  await checkScreen(page, info, "site-speed");
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole("heading", { name: "Page views measured, last 7 days" })).toBeVisible();
  await checkScreen(page, info, "site-speed-7-days");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await checkScreen(page, info, "sign-in");
  await page.getByRole("button", { name: /type my e-mail/ }).click();
  await expect(page.getByLabel("Your work e-mail")).toBeFocused();
  await checkScreen(page, info, "sign-in-email");

  await page.goto("/leads/01990000-0000-7000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await checkScreen(page, info, "not-found");
  expect(await violations()).toEqual([]);
});
