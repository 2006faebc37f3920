import { expect, type Page, test } from "@playwright/test";
import type { SiteSpeedAnswer } from "@site/contracts/desk";
import { MOBILE_MAX_WIDTH } from "@site/contracts/vitals";
import { enrolNewMember } from "./support/desk";
import { ports } from "./support/desk-env";
import { beaconOrigin, hydrated, measuring, sitePage, visitorBrowser } from "./support/visitor";

// Real-user speed, end to end: a visitor browses the site of the run (npm start, ROLE=all) in a
// Chromium of their own, whose network log records every request; the figures arrive in the desk.

/** Page views of the home page: enough for a p75 (the desk shows none below 20 samples). */
const HOME_VIEWS = 20;

const figures = (desk: Page) =>
  desk.evaluate(async () => (await (await fetch("/api/site-speed")).json()) as SiteSpeedAnswer);
const viewsOf = (a: SiteSpeedAnswer, route: string, device: string) =>
  a.routes.find((r) => r.route === route && r.device === device)?.views.d7 ?? 0;

test("a visitor who accepts cookies finds their page views in the desk's Site speed figures", async ({
  page: desk,
}, info) => {
  test.setTimeout(180_000);
  const viewport = info.project.use.viewport ?? { width: 1280, height: 800 };
  const device = viewport.width <= MOBILE_MAX_WIDTH ? "mobile" : "desktop";
  const origin = await beaconOrigin(ports.contact);
  await enrolNewMember(desk, "Vera Vitals");
  const before = await figures(desk);

  const visitor = await visitorBrowser(info);
  const context = await visitor.browser.newContext({ viewport });
  // The home page's offer popup (10 s after load) would cover the page on a slow run.
  await context.addInitScript(() => sessionStorage.setItem("offerPopupShown", "true"));
  const site = await context.newPage();
  await site.goto(sitePage("/"));
  await site.getByRole("button", { name: "Accept" }).click();
  const pages = [
    ...Array.from({ length: HOME_VIEWS }, () => "/"),
    "/services/internet-services?utm_source=newsletter",
    "/contact",
  ];
  for (const [i, path] of pages.entries()) {
    if (i > 0) await site.goto(sitePage(path)); // leaving a page sends its figures
    await measuring(site);
    // Every other view is left before the browser is next idle (web-vitals weighs an interaction's
    // entries then, or as the page hides): its INP must reach the beacon all the same.
    if (i % 2 === 1) await site.evaluate(() => (window.requestIdleCallback = () => 0));
    // An interaction, for INP: open and close the chat.
    await site.getByRole("button", { name: "Open chat" }).click();
    await site.getByRole("button", { name: "Close chat", expanded: true }).click();
  }
  await site.goto(sitePage("/privacy")); // leaves the last page
  const requests = await visitor.close();

  // The browser's network log: one beacon per page view, to the contact service, with no query string.
  const beacons = requests.filter((r) => r.url === `${origin}/vitals`);
  expect(beacons.length).toBeGreaterThanOrEqual(pages.length);
  expect(beacons.every((r) => r.method === "POST")).toBe(true);

  // The figures: written within a second or two, every page's (the service page's beacon may be
  // written after the home page's twenty).
  const added = (a: SiteSpeedAnswer) => ({
    home: viewsOf(a, "/", device) - viewsOf(before, "/", device),
    service: viewsOf(a, "/services/:serviceType", device) - viewsOf(before, "/services/:serviceType", device),
  });
  await expect
    .poll(async () => added(await figures(desk)), { timeout: 15_000 })
    .toEqual({ home: HOME_VIEWS, service: 1 });
  const after = await figures(desk);
  const home = after.routes.find((r) => r.route === "/" && r.device === device)!;
  for (const metric of ["LCP", "INP", "CLS", "FCP", "TTFB"]) {
    expect(home.metrics.find((m) => m.metric === metric)!.d7.p75, metric).not.toBeNull();
  }

  // And on the screen.
  await desk.getByRole("link", { name: "Site speed" }).click();
  await expect(desk.getByRole("heading", { name: "Site speed", level: 1 })).toBeVisible();
  await desk.getByRole("link", { name: "Last 7 days" }).click();
  await expect(desk).toHaveURL(/days=7/);
  const card = desk.getByRole("region", { name: "Home (/)" });
  const column = device === "mobile" ? 1 : 2;
  await expect(card.getByRole("columnheader").nth(column)).toContainText(`${home.views.d7} page view`);
  const lcp = card.getByRole("row").filter({ has: desk.getByRole("rowheader", { name: "LCP" }) });
  await expect(lcp.getByRole("cell").nth(column - 1)).toHaveText(
    /^\d+(\.\d+)? m?s\s*(Good|Needs improvement|Poor)$/,
  );
  const services = desk.getByRole("region", { name: "/services/:serviceType" });
  await expect(services).toContainText("Too few samples");
});

test("a visitor who declines runs no measurement code and sends nothing: no speed chunk and no request to /vitals in the browser's network log", async () => {
  const info = test.info();
  const origin = await beaconOrigin(ports.contact);
  const visitor = await visitorBrowser(info);
  const context = await visitor.browser.newContext({ viewport: info.project.use.viewport });
  await context.addInitScript(() => sessionStorage.setItem("offerPopupShown", "true"));
  const site = await context.newPage();
  for (const path of ["/", "/services/internet-services", "/contact"]) {
    await site.goto(sitePage(path));
    // Decline stores nothing: the banner asks again on every page.
    await site.getByRole("button", { name: "Decline" }).click();
    await expect(site.getByRole("region", { name: "Cookies on this site" })).toBeHidden();
    // Settled: hydrated, and the browser idle once since (when an accepting visitor's page loads
    // the speed chunk: lib/report-web-vitals.ts).
    await hydrated(site);
    await site.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5_000 })));
    await site.getByRole("button", { name: "Open chat" }).click();
  }
  await site.goto(sitePage("/privacy"));
  const requests = await visitor.close();

  // The log is complete (it holds the pages; the test above finds the chunk and the beacons in such a
  // log), and it holds neither the speed chunk (issue 34: no measurement without consent) nor
  // anything sent to the contact service.
  expect(requests.filter((r) => r.url.startsWith(sitePage("/contact"))).length).toBeGreaterThan(0);
  expect(requests.filter((r) => r.url.includes("/assets/vitals-beacon"))).toEqual([]);
  expect(requests.filter((r) => r.url.startsWith(`${origin}/`))).toEqual([]);
});
