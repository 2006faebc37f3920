/**
 * 40 page loads in a row, as a visitor who follows links quickly: each page sends the visitor on
 * (a full page load, as a link does before hydration) as soon as it has fired its load event,
 * usually while it is still booting (pages hydrate after their load event). Every page must load
 * and answer a script; the last one must then hydrate and answer. WebKit could freeze a page here
 * (issue 19, item 2): the page never loaded, or never answered again.
 */
import { prerenderPaths } from "../app/content/site-paths";
import { expect, test } from "./fixtures";
import type { Tab } from "./tab";

const pages = prerenderPaths().filter((path) => path !== "/404");
const NAVIGATIONS = 40;

/** Runs in the page: whether this document is `path`'s and has fired its load event. */
function loaded(path: string) {
  return decodeURI(location.pathname) === path && document.readyState === "complete";
}

/** Navigates from inside the page and waits for the new page's load event. */
async function follow(tab: Tab, path: string, timeout = 15_000) {
  await tab.run((to) => location.assign(to), path);
  const deadline = Date.now() + timeout;
  for (;;) {
    // A script sent while the old page is being replaced may fail: ask again.
    if (await tab.run(loaded, path).catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new Error(`${path} did not load within ${timeout} ms (or stopped answering)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test(`${NAVIGATIONS} navigations in a row, each right after the previous load event`, async ({ tab }) => {
  test.setTimeout(180_000);
  await tab.setViewport(375, 812);
  await tab.goto(pages[0]!);
  for (let i = 1; i <= NAVIGATIONS; i++) await follow(tab, pages[i % pages.length]!);
  await tab.waitForHydration(10_000);
  expect(await tab.run(() => document.querySelector("h1")?.textContent?.trim() ?? "")).not.toBe("");
});
