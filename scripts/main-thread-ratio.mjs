// A content page's main-thread ratio (budget: mainThreadRatioBudget in lighthouserc.js): Lighthouse's
// mobile main-thread work of the page over that of its copy without scripts (without-scripts.mjs),
// measured in pairs until the verdict is clear (docs/decisions/0028-main-thread-ratio-in-pairs.md).
// One run's main-thread work spreads by ±30 % on this shared machine (its speed moves from one run to
// the next), which no handful of runs separates from a 25 % budget; so the pages are measured side by
// side in one browser, Lighthouse running only the main-thread audit (4-9 s a run), the copy first in
// every other pair, and after each pair the ratio is estimated: the geometric mean of the pairs'
// ratios, with Student's t on their logarithms. A page passes once its 95 % interval is within the
// budget, fails once its 99 % interval is wholly beyond it (shown over budget, not one unlucky pass),
// and is "unclear" if neither holds at the last pair: reported, not failed. The ratio does not depend on
// the CPU slowdown (it scales both runs alike): Lighthouse's 4×.
import { chromiumFlags, lighthouseChromiumPath } from "./chromium.mjs";
import { importForLighthouse, importLighthouseFile } from "./lhci-lighthouse.mjs";
import { median } from "./median.mjs";

/** The fewest and the most pairs a page is measured in (`npm run perf -- --ratio-pairs 6,16`). */
export const defaultPairs = { min: 6, max: 16 };

/** The normal distribution's quantiles for two-sided 95 % and 99 % intervals. */
export const z95 = 1.959964;
export const z99 = 2.575829;

/**
 * Student's t for the two-sided interval whose normal quantile is `z`, with `df` degrees of freedom: the
 * Cornish-Fisher expansion around `z`, within 0.003 of the table from 5 degrees of freedom at 95 %, 0.03
 * at 99 % (6 pairs, the fewest a verdict takes here).
 */
export function studentT(z, df) {
  return (
    z +
    (z ** 3 + z) / (4 * df) +
    (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2) +
    (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3)
  );
}

/**
 * The ratio of `pairs` ([with, without] main-thread work), its 95 % interval (`low`, `high`), the
 * bottom of its 99 % interval (`shownAbove`) and the verdict against `budget`, from `min` pairs: "pass"
 * once `high` is within it, "fail" once `shownAbove` is beyond it, "unclear" at `max` pairs if neither,
 * else undefined (measure another pair).
 */
export function ratioVerdict(pairs, budget, { min, max } = defaultPairs) {
  if (!(budget > 0)) throw new TypeError(`ratioVerdict: no budget (${budget})`);
  const logs = pairs.map(([a, b]) => Math.log(a / b));
  const n = logs.length;
  const mean = logs.reduce((s, x) => s + x, 0) / n;
  const se = n > 1 ? Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) / n) : Infinity;
  const [ratio, low, high, shownAbove] = [
    mean,
    mean - studentT(z95, n - 1) * se,
    mean + studentT(z95, n - 1) * se,
    mean - studentT(z99, n - 1) * se,
  ].map(Math.exp);
  let verdict;
  if (n >= min && high <= budget) verdict = "pass";
  else if (n >= min && shownAbove > budget) verdict = "fail";
  else if (n >= max) verdict = "unclear";
  return { ratio, low, high, shownAbove, pairs: n, verdict };
}

/** A ratio with its 95 % interval and the pairs it took: "1.07× (0.98–1.17, 8 pairs)". */
export const describeRatio = (r) =>
  `${r.ratio.toFixed(2)}× (${r.low.toFixed(2)}–${r.high.toFixed(2)}, ${r.pairs} pairs)`;

/** What a ratio that did not pass says: shown over the budget, or unclear. */
export const ratioShortfall = (r, budget) =>
  r.verdict === "unclear"
    ? `main-thread work ${describeRatio(r)} without scripts: neither within ${budget}× nor shown over it`
    : `main-thread work ${describeRatio(r)} > ${budget}× without scripts (99 % interval from ${r.shownAbove.toFixed(2)}×)`;

const config = {
  extends: "lighthouse:default",
  settings: { onlyAudits: ["mainthread-work-breakdown"], disableFullPageScreenshot: true },
};

/**
 * Measures each route of `routes` on `url` beside the same route on `noScripts` (origins), in one
 * headless browser launched as LHCI launches it, and returns per route the verdict of ratioVerdict with
 * the medians of both sides' runs.
 */
export async function measureMainThreadRatios({ routes, url, noScripts, budget, pairs = defaultPairs }) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    importForLighthouse("lighthouse"),
    importForLighthouse("chrome-launcher"),
  ]);
  // The trace without the filmstrip's screenshots, which no figure here uses: with them, about every
  // other run's trace took 5 s more to end (Chromium waiting on a process), without them one in five.
  const { default: Trace } = await importLighthouseFile("core/gather/gatherers/trace.js");
  const categories = Trace.getDefaultTraceCategories;
  Trace.getDefaultTraceCategories = () =>
    categories().filter((c) => c !== "disabled-by-default-devtools.screenshot");
  const chrome = await chromeLauncher.launch({
    chromePath: lighthouseChromiumPath,
    chromeFlags: ["--headless=new", ...chromiumFlags.filter((f) => f !== "--headless")],
  });
  const work = async (origin, route) => {
    const { lhr } = await lighthouse(
      `${origin}${encodeURI(route)}`,
      { port: chrome.port, logLevel: "error" },
      config,
    );
    const value = lhr.audits["mainthread-work-breakdown"].numericValue;
    if (!Number.isFinite(value)) throw new Error(`perf: no main-thread work measured on ${origin}${route}`);
    return value;
  };
  try {
    // The browser's first page load does more work than any later one, whichever page it is.
    await work(url, routes[0]);
    const results = {};
    for (const route of routes) {
      const measured = [];
      let result;
      do {
        const first = measured.length % 2 ? noScripts : url;
        const a = await work(first, route);
        const b = await work(first === url ? noScripts : url, route);
        measured.push(first === url ? [a, b] : [b, a]);
        result = ratioVerdict(measured, budget, pairs);
        const [w, wo] = measured.at(-1);
        console.log(
          `perf: ${route}: ${Math.round(w)} ms, ${Math.round(wo)} ms without scripts; so far ${describeRatio(result)}` +
            `${result.verdict ? `: ${result.verdict}` : ""}`,
        );
      } while (!result.verdict);
      results[route] = {
        ...result,
        work: median(measured.map((p) => p[0])),
        workWithoutScripts: median(measured.map((p) => p[1])),
      };
    }
    return results;
  } finally {
    await chrome.kill();
    Trace.getDefaultTraceCategories = categories;
  }
}
