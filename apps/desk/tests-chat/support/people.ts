import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { addVirtualAuthenticator } from "../../tests/support/passkey";
import { databaseUrl, deskUrl, repoRoot, screenshotDir, siteUrl } from "./chat-env";

const run = promisify(execFile);

/** A member in a browser context of their own, enrolled with a passkey and on the Chats screen. */
export async function member(browser: Browser, info: TestInfo, name = "Sam Seller", database = databaseUrl) {
  const context = await browser.newContext({ viewport: info.project.use.viewport, baseURL: deskUrl });
  const page = await context.newPage();
  const email = `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const { stdout } = await run(
    process.execPath,
    ["apps/server/dist/cli/leads.js", "staff", "invite", email, "--name", name, "--json"],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: database, DESK_URL: deskUrl, SMTP_URL: "" } },
  );
  await addVirtualAuthenticator(page);
  await page.goto((JSON.parse(stdout) as { url: string }).url);
  await page.getByRole("button", { name: "Create my passkey" }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Chats" }).click();
  await expect(page.getByRole("heading", { name: "Chats", level: 1 })).toBeVisible();
  return { context, page, name };
}

/** A visitor in a browser context of their own, on a page of the site. */
export async function visitor(browser: Browser, info: TestInfo, at = "/services/erp-consultation") {
  const context = await browser.newContext({ viewport: info.project.use.viewport, baseURL: siteUrl });
  // The page keeps the machine's clock while the server runs on libfaketime's Monday morning: the
  // challenge's lifetime is counted on the page's own clock, and the bench compares pages' clocks.
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(at);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return { context, page, requests };
}

/** axe (WCAG 2.2 AA) on the page as it is, and a screenshot when CHAT_SCREENSHOTS names a folder. */
export async function checkScreen(page: Page, info: TestInfo, name: string) {
  const axePage = page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"];
  const { violations } = await new AxeBuilder({ page: axePage })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const report = violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(report, `axe on ${name} (${info.project.name})`).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `px scrolled sideways on ${name} (${info.project.name})`).toBeLessThanOrEqual(0);
  if (screenshotDir) {
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${info.project.name}.png`) });
  }
}
