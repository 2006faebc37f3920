/**
 * A visitor who follows links quickly: each page sends the visitor on (a full page load, as a link
 * does before hydration) from its own load event, while it is still booting (pages hydrate after their
 * load event). Every page must load, the last one must then hydrate and answer, and a page that stops
 * answering for FROZEN_AFTER_MS (20 s) fails the run.
 *
 * WebKit froze pages here with the old paint-first boot (issues 19 and 28): the page's main thread
 * spun and it never answered again. A navigation sent by the test after it has seen the load event
 * comes tens of milliseconds too late to show it; one started by the page, in its load event, does.
 * The check runs REPETITIONS times in Firefox and WebKit, each run in the same browser as the one
 * before (as a visitor's browser goes on); Chromium, which never froze, runs it once.
 */
import { CONSULTATION_PATHS } from "@site/contracts/consultation";
import { prerenderPaths } from "../app/lib/site-paths";
import { contactApiUrl } from "../tests/support/e2e-env";
import { expect, test } from "./fixtures";
import { FROZEN_AFTER_MS, type Tab } from "./tab";

const pages = prerenderPaths().filter((path) => path !== "/404");
const REPETITIONS = 10;
const NAVIGATIONS = 30;
/** sessionStorage key: how many navigations of the route this tab has started. */
const HOP_KEY = "quickNavigationHop";

/**
 * Init script: once the walk has begun, each page of `route`, at its load event, starts the navigation
 * to the next one.
 */
const followRoute = (route: readonly string[]) => `addEventListener("load", () => {
  const route = ${JSON.stringify(route)};
  const hop = sessionStorage.getItem(${JSON.stringify(HOP_KEY)});
  if (hop === null || Number(hop) + 1 >= route.length) return;
  sessionStorage.setItem(${JSON.stringify(HOP_KEY)}, String(Number(hop) + 1));
  location.assign(route[Number(hop) + 1]);
});`;

/** Runs in the page: how far along the route the tab is, and whether this page has loaded. */
function progress(key: string) {
  return {
    hop: Number(sessionStorage.getItem(key) ?? "0"),
    path: decodeURI(location.pathname),
    loaded: document.readyState === "complete",
  };
}

/** Walks `route` from its first page, each page starting the next navigation at its load event. */
async function walk(tab: Tab, route: readonly string[]) {
  await tab.addInitScript(followRoute(route));
  await tab.goto(route[0]!);
  // The first navigation, from the loaded first page; every later one starts at a load event.
  await tab.run(
    (key, to) => {
      sessionStorage.setItem(key, "1");
      location.assign(to);
    },
    HOP_KEY,
    route[1]!,
  );
  const last = route.length - 1;
  let hop = 1;
  let movedAt = Date.now();
  for (;;) {
    // Asked while a page is being replaced, the question may fail: ask again. A page that does not
    // answer at all fails the run (PageFrozenError, from Tab.run).
    const now = await tab.run(progress, HOP_KEY).catch((error: Error) => {
      if (error.name !== "PageFrozenError") return undefined;
      error.message += ` (last seen: navigation ${hop} of ${last}, to ${route[hop]})`;
      throw error;
    });
    if (now?.hop === last && now.loaded && now.path === route[last]) return;
    if (now && now.hop !== hop) [hop, movedAt] = [now.hop, Date.now()];
    if (Date.now() - movedAt > FROZEN_AFTER_MS) {
      throw new Error(`navigation ${hop} (to ${route[hop]}) did not load within ${FROZEN_AFTER_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.describe("quick navigation", () => {
  // A freeze in some runs only is the defect itself: a retry that passes must not hide it.
  test.describe.configure({ retries: 0 });

  for (let run = 1; run <= REPETITIONS; run++) {
    test(`${NAVIGATIONS} navigations in a row, each from the previous page's load event (run ${run} of ${REPETITIONS})`, async ({
      tab,
      engineName,
    }) => {
      test.skip(engineName === "chromium" && run > 1, "Chromium never froze here: one run keeps it covered");
      test.setTimeout(NAVIGATIONS * FROZEN_AFTER_MS);
      // The walk leaves /consultation at its load event, which can be while the page asks for the free
      // times: WebKit reports a fetch cancelled as its page is left as failing "access control checks",
      // among the script errors (decision 0007; 1 of 10 runs in a clean-clone CI). That request, and
      // only it, is the visitor's own navigation here, not a fault of the page.
      tab.expectErrorsMentioning(`${contactApiUrl}${CONSULTATION_PATHS.slots}`);
      await tab.setViewport(375, 812);
      // Each run starts further along the site, so that the runs together visit every page.
      const first = (run - 1) * NAVIGATIONS;
      const route = Array.from({ length: NAVIGATIONS + 1 }, (_, i) => pages[(first + i) % pages.length]!);
      await walk(tab, route);
      await tab.waitForHydration(FROZEN_AFTER_MS);
      expect(await tab.run(() => document.querySelector("h1")?.textContent?.trim() ?? "")).not.toBe("");
    });
  }
});
