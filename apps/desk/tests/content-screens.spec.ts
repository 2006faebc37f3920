// The Content screen and the editor it frames, at 375 and 1280 px (the two projects): axe clean
// (WCAG 2.2 AA, the editor's frame included: the fixes the desk build makes to the library are in
// build-steps/editor-library-fixes.ts), no sideways scrolling, no CSP violation in either document,
// and no request to anywhere but the desk.
import { expect, type Page, test } from "@playwright/test";
import { checkScreen } from "./support/axe";
import { enrolNewMember } from "./support/desk";
import { deskUrl } from "./support/desk-env";

/** CSP violations of every document of the page (the desk's and the editor's frame). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  return async () =>
    (
      await Promise.all(
        page
          .frames()
          .map((f) =>
            f.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []),
          ),
      )
    ).flat();
}

test("the Content screen and the editor pass axe, ask nothing of a third party, and break no CSP", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== deskUrl) elsewhere.push(r.url());
  });
  await enrolNewMember(page, "Robin Reviewer");
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Content" }).click();
  const frame = page.frameLocator('iframe[title="Content editor"]');
  await expect(frame.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await checkScreen(page, info, "content");

  await frame.getByRole("link", { name: "Jobs" }).first().click();
  await expect(frame.getByText("UI/UX Designer Intern", { exact: true })).toBeVisible();
  await checkScreen(page, info, "content-jobs");

  await frame.getByText("UI/UX Designer Intern", { exact: true }).click();
  const item = frame.getByRole("dialog", { name: "Edit item" });
  await expect(item.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
    "UI/UX Designer Intern",
  );
  await checkScreen(page, info, "content-job-item");
  await item.getByRole("button", { name: "Done" }).click();

  // Below desktop width the editor's navigation is behind a button.
  if (info.project.name === "mobile")
    await frame.getByRole("button", { name: "Open app navigation" }).click();
  await frame.getByRole("link", { name: "Products" }).first().click();
  await expect(frame.getByText("Point of Sales (POS)", { exact: true })).toBeVisible();
  await frame.getByText("Point of Sales (POS)", { exact: true }).click();
  await expect(
    frame.getByRole("dialog", { name: "Edit item" }).getByText("Photo", { exact: true }),
  ).toBeVisible();
  await checkScreen(page, info, "content-product-item");

  expect(await violations()).toEqual([]);
  expect(elsewhere).toEqual([]);
});
