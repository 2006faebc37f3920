// Lighthouse CI's configuration: the site's Lighthouse budgets, each checked on the median of the runs,
// with Lighthouse in Chromium's headless shell against `npm start`. `npm run perf` runs it once per preset
// and writes docs/perf.md (scripts/perf-report.mjs); `npx lhci autorun` runs it as it stands.
// Environment (all optional):
//   PERF_PRESET    mobile (default) or desktop: Lighthouse's preset and the budgets below
//   PERF_ROUTES    "/,/contact"; default every prerendered page that is indexed (scripts/built-pages.mjs)
//   PERF_RUNS      Lighthouse runs per route (default 3)
//   PERF_PASSES    passes over the routes (default 1), one run of every route each, in one LHCI process
//   PERF_WARM_UP   "1": one more run of the first URL before the others, for scripts/perf-report.mjs to
//                  drop (the first run of an LHCI process measures 20-50 % more main-thread work)
//   PERF_URL       audit a running site (https://staging.example.com) instead of starting `npm start`
//   PERF_ADVISORY  "total-blocking-time,performance": report those budgets as warnings, do not fail
//   PERF_CPU_SLOWDOWN  mobile's CPU slowdown (Lighthouse's default 4); `npm run perf` sets it from this
//                  machine's speed (scripts/cpu-calibration.mjs)
//   PORT           the port `npm start` serves the site on (default 3000, as npm start)
// LHCI loads this file with require(), which loads an ES module on Node >= 20.19: so `ci` is exported
// by name (require() returns the module's namespace).
import path from "node:path";
import { chromiumFlags, chromiumPath, lighthouseChromiumPath } from "./scripts/chromium.mjs";
import { builtPages } from "./scripts/built-pages.mjs";

/** The budgets: category scores (0–1) are minimums, metrics (ms, CLS unitless) maximums. */
export const budgets = {
  mobile: {
    // 100 (issue 34; 98 since issue 5): the median run's score, rounded as Lighthouse rounds it. In the
    // runs of 2026-11-30, 60 of 60 LHCI runs on 30 routes scored 100, and 85 of 90 single runs of
    // perf:compare (5 at 99); a median of 5 runs falls to 99 only when three of them do.
    performance: 1,
    accessibility: 1,
    "best-practices": 1,
    seo: 1,
    "largest-contentful-paint": 1800,
    "total-blocking-time": 50,
    "cumulative-layout-shift": 0.01,
  },
  desktop: {
    accessibility: 1,
    "best-practices": 1,
    seo: 1,
    "total-blocking-time": 50,
    "cumulative-layout-shift": 0.01,
  },
};
export const categories = ["performance", "accessibility", "best-practices", "seo"];

/**
 * A content page's main-thread work (mobile) may be at most this many times that of the same page with
 * every script taken out, measured in the same run (docs/decisions/0022-content-page-islands.md). Not
 * an LHCI assertion, which compares one page with fixed numbers: scripts/perf-report.mjs checks it.
 */
export const mainThreadRatioBudget = 1.25;

// Lighthouse does not audit a document answered with an error status, and the 404 page is served with
// 404 on purpose; the axe, keyboard and SEO browser tests cover it.
const UNAUDITABLE = ["/404"];
const pages = builtPages();
/** Every prerendered route Lighthouse can audit, "/" first. */
export const auditedRoutes = pages.map((p) => p.route).filter((r) => !UNAUDITABLE.includes(r));
/** noindex pages are meant to fail "page is crawlable"; they are audited in a collect of their own. */
export const noindexRoutes = pages.filter((p) => p.noindex).map((p) => p.route);
/** The content pages: no router in the browser, the main-thread work ratio applies. */
export const contentRoutes = pages.filter((p) => p.content).map((p) => p.route);

const env = process.env;
const preset = env.PERF_PRESET || "mobile";
if (!(preset in budgets)) throw new Error(`PERF_PRESET must be mobile or desktop, not "${preset}"`);
const routes = env.PERF_ROUTES
  ? env.PERF_ROUTES.split(",").map((r) => r.trim())
  : auditedRoutes.filter((r) => !noindexRoutes.includes(r));
const noindex = routes.filter((r) => noindexRoutes.includes(r));
if (noindex.length > 0 && noindex.length < routes.length)
  throw new Error(`PERF_ROUTES: audit the noindex pages (${noindex.join(", ")}) in a collect of their own`);
const port = env.PORT || "3000";
const origin = (env.PERF_URL || `http://localhost:${port}`).replace(/\/$/, "");
const advisory = (env.PERF_ADVISORY || "").split(",").filter(Boolean);

if (lighthouseChromiumPath === chromiumPath && ["collect", "autorun"].includes(process.argv[2] ?? ""))
  console.warn(
    `lighthouserc: measuring in the full browser (${chromiumPath}), not chromium-headless-shell: its own ` +
      "UI work inflates TBT on a small machine (docs/decisions/0007-paint-first-loading.md)",
  );

const pass = routes.map((r) => `${origin}${encodeURI(r)}`);
const urls = Array.from({ length: Number(env.PERF_PASSES || 1) }, () => pass).flat();

export const ci = {
  collect: {
    url: env.PERF_WARM_UP === "1" ? [urls[0], ...urls] : urls,
    numberOfRuns: Number(env.PERF_RUNS || 3),
    ...(env.PERF_URL
      ? {}
      : {
          startServerCommand: "npm start",
          // Fastify's "Server listening at http://…:PORT" (npm start builds first if there is no build).
          startServerReadyPattern: `listening at http://\\S+:${port}\\b`,
          startServerReadyTimeout: 600_000,
        }),
    chromePath: lighthouseChromiumPath,
    settings: {
      ...(preset === "desktop" ? { preset: "desktop" } : {}),
      ...(preset === "mobile" && env.PERF_CPU_SLOWDOWN
        ? { throttling: { cpuSlowdownMultiplier: Number(env.PERF_CPU_SLOWDOWN) } }
        : {}),
      // LHCI adds --headless=new itself (a second --headless would reach Chromium as --headless=true,new).
      chromeFlags: chromiumFlags.filter((f) => f !== "--headless").join(" "),
      onlyCategories: categories,
      // No budget uses it, and it is 1.4 s of each run's 7-12 s here (only the HTML report shows it).
      disableFullPageScreenshot: true,
      skipAudits: noindex.length > 0 ? ["is-crawlable"] : [],
    },
  },
  assert: {
    assertMatrix: [
      {
        matchingUrlPattern: `^${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/`,
        assertions: Object.fromEntries(
          Object.entries(budgets[preset]).map(([id, limit]) => [
            categories.includes(id) ? `categories:${id}` : id,
            [
              advisory.includes(id) ? "warn" : "error",
              {
                aggregationMethod: "median",
                ...(categories.includes(id) ? { minScore: limit } : { maxNumericValue: limit }),
              },
            ],
          ]),
        ),
      },
    ],
  },
};

/** The browser the runs use, for the report. */
export const browserName = path.basename(lighthouseChromiumPath);
