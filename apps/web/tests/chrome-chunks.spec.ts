import { expect, test } from "@playwright/test";
import { waitForHydration, withCookiesAccepted, withOfferSeen } from "./support/chrome";

test.beforeEach(async ({ page }) => {
  await withCookiesAccepted(page);
  await withOfferSeen(page);
});

test("a failed lazy chunk reports 'Loading chunk failed' and reloads the page only once", async ({
  page,
}) => {
  const reports: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Loading chunk failed")) reports.push(m.text());
  });
  let loads = 0;
  page.on("load", () => loads++);
  await page.route(/\/assets\/chat-panel-[\w-]+\.js$/, (route) => route.abort());

  await page.goto("/");
  await waitForHydration(page);
  expect(loads).toBe(1);

  await page.getByRole("button", { name: "Open chat" }).click();
  await expect.poll(() => loads).toBe(2); // the one automatic reload
  expect(reports.length).toBeGreaterThanOrEqual(1);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Open chat" }).click();
  // Second failure: no reload this time; the panel explains and still offers WhatsApp.
  const dialog = page.getByRole("dialog", { name: "Chat with us" });
  await expect(dialog).toContainText("could not be loaded");
  await expect(dialog.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  expect(reports.length).toBeGreaterThanOrEqual(2);
  expect(loads).toBe(2);
});

test("a failed route chunk reports 'Loading chunk failed' and reloads at most once", async ({ page }) => {
  const reports: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Loading chunk failed")) reports.push(m.text());
  });
  let loads = 0;
  page.on("load", () => loads++);
  // Links load documents, so the one route chunk a page loads after it has painted is the SPA
  // fallback's (an unknown id of a detail route): React Router imports the route's module to render it.
  await page.route(/\/assets\/service-detail-[\w-]+\.js$/, (route) => route.abort());

  await page.goto("/services/no-such-service");
  await expect.poll(() => loads).toBe(2); // React Router's reload, allowed once
  expect(reports.length).toBeGreaterThanOrEqual(1);
  // The guard stops a second reload: the root's error boundary shows a notice with a retry button.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be loaded");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  expect(reports.length).toBeGreaterThanOrEqual(2);
  expect(loads).toBe(2);
});
