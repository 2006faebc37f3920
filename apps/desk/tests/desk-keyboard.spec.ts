import { expect, test } from "@playwright/test";
import { invite } from "./support/desk";
import { addVirtualAuthenticator } from "./support/passkey";

// The whole flow with the keyboard alone: enrol, search, pick a lead with j/k, work it, go back, sign out.
test("the desk works with the keyboard alone", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "keyboard flow at 1280 px");
  await addVirtualAuthenticator(page);
  const email = `keys-${Date.now()}@example.com`;
  const { url } = await invite(email, "Kai Keys");
  await page.goto(url);

  const tabTo = async (
    name: RegExp | string,
    role: "button" | "link" | "combobox" | "textbox" = "button",
  ) => {
    const target = page.getByRole(role, { name });
    for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(target).toBeFocused();
  };

  await tabTo("Create my passkey");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: "Search" });
  await expect(search).toBeFocused();
  await page.keyboard.type("grace");
  await expect(page).toHaveURL(/q=grace/);
  await page.keyboard.press("Escape");
  await expect(search).not.toBeFocused();
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  const links = page.getByRole("table").getByRole("link");
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(links.nth(0)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: /Grace Hopper/, level: 1 })).toBeVisible();

  await tabTo("Status", "combobox");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("contacted");
  await tabTo("Add a note", "textbox");
  await page.keyboard.type("Left a voicemail.");
  await tabTo("Add note");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Left a voicemail.")).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/q=grace/);

  // The Site speed screen and its period switch.
  await tabTo("Site speed", "link");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Site speed", level: 1 })).toBeVisible();
  await tabTo("Last 7 days", "link");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  const signOut = page.getByRole("button", { name: "Sign out" });
  for (let i = 0; i < 20 && !(await signOut.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Shift+Tab");
  }
  await expect(signOut).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
