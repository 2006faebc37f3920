// `npm run perf`: Lighthouse CI (lighthouserc.js) once per preset, then the table in docs/perf.md.
//   npm run perf                               every prerendered route, both presets, writes docs/perf.md
//   npm run perf -- --routes /,/contact        those routes; prints the table (writes it only with --out)
//   npm run perf -- --report-only              never fails on budgets
//   PERF_URL=https://staging.example.com npm run perf   audit a running site instead of the build
// Options: --preset mobile|desktop|both, --runs N (default 3; --mobile-runs N for mobile alone), --ratio-pairs MIN,MAX (default 6,16),
// --advisory total-blocking-time,performance (report those budgets without failing; main-thread-ratio for the ratio), --out FILE.
// The build (apps/web/build) is served here by the site role of apps/server, with the contact service its pages call, and beside it a copy whose pages have every script taken out (without-scripts.mjs).
// LHCI runs Lighthouse, takes each figure's median and checks the budgets; then on mobile each content page's main-thread
// work is measured beside its copy's, at most 1.25 times that (main-thread-ratio.mjs). This checks both and writes the table.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  auditedRoutes,
  browserName,
  budgets,
  categories,
  contentRoutes,
  mainThreadRatioBudget,
  noindexRoutes,
} from "../lighthouserc.js";
import { cpuSlowdown, describeSlowdown } from "./cpu-calibration.mjs";
import {
  defaultPairs,
  describeRatio,
  measureMainThreadRatios,
  ratioShortfall,
} from "./main-thread-ratio.mjs";
import { median } from "./median.mjs";
import { serveBuild, serveContactService } from "./serve-build.mjs";
import { buildWithoutScripts } from "./without-scripts.mjs";

const { values: args } = parseArgs({
  options: {
    routes: { type: "string" },
    preset: { type: "string", default: "both" },
    runs: { type: "string", default: "3" },
    "mobile-runs": { type: "string" },
    "ratio-pairs": { type: "string", default: `${defaultPairs.min},${defaultPairs.max}` },
    out: { type: "string" },
    "report-only": { type: "boolean", default: false },
    advisory: { type: "string", default: "" },
  },
});
const routes = args.routes ? args.routes.split(",").map((r) => r.trim()) : auditedRoutes;
const presets = args.preset === "both" ? ["mobile", "desktop"] : [args.preset];
if (!presets.every((p) => p in budgets)) throw new Error("--preset must be mobile, desktop or both");
const runs = Math.max(1, Number(args.runs) || 1);
const mobileRuns = Math.max(1, Number(args["mobile-runs"]) || runs);
const [min, max] = args["ratio-pairs"].split(",").map(Number);
if (!(min >= 2 && max >= min)) throw new Error("--ratio-pairs MIN,MAX: 2 <= MIN <= MAX");
const pairs = { min, max };
const outFile = args.out ?? (args.routes ? undefined : "docs/perf.md");
const lhciDir = ".lighthouseci";

// The sites LHCI measures: PERF_URL as it is (and PERF_NO_SCRIPTS_URL, if given), or the build served
// on PORT and its copy without scripts on PORT + 1.
const sites = { url: process.env.PERF_URL, noScripts: process.env.PERF_NO_SCRIPTS_URL };
if (!sites.url) {
  const port = Number(process.env.PORT || 3000);
  const build = path.resolve("apps/web/build");
  const bare = buildWithoutScripts(build);
  const servers = [await serveBuild(build, port), await serveBuild(bare, port + 1, "without scripts")];
  process.on("exit", () => rmSync(bare, { recursive: true, force: true }));
  [sites.url, sites.noScripts] = servers.map((s) => s.origin);
  await serveContactService([sites.url]);
}
const advisoryRatio = args.advisory.split(",").includes("main-thread-ratio");

const lhciCli = createRequire(import.meta.url).resolve("@lhci/cli/src/cli.js");
/**
 * Runs one LHCI command; `env` sets lighthouserc.js's preset, routes, runs and whether each route is
 * also measured without scripts. Returns its exit status.
 */
function lhci(command, env) {
  const r = spawnSync(process.execPath, [lhciCli, ...command], {
    stdio: "inherit",
    env: { ...process.env, PERF_ADVISORY: args.advisory, PERF_URL: sites.url, ...env },
  });
  return r.status ?? 1;
}
const readJson = (file) => JSON.parse(readFileSync(path.join(lhciDir, file), "utf8"));
const routeOf = (url) => decodeURI(new URL(url).pathname);
const metrics = {
  "largest-contentful-paint": {
    label: "LCP",
    cell: (v) => `${(v / 1000).toFixed(2)} s`,
    budget: (v) => `${v / 1000} s`,
  },
  "total-blocking-time": { label: "TBT", cell: (v) => `${Math.round(v)} ms`, budget: (v) => `${v} ms` },
  "cumulative-layout-shift": { label: "CLS", cell: (v) => v.toFixed(3), budget: (v) => `${v}` },
};
const titles = {
  performance: "Performance",
  accessibility: "Accessibility",
  "best-practices": "Best practices",
  seo: "SEO",
};
/** The budget an LHCI assertion result is about: a category id or a metric's audit id. */
const budgetOf = (a) => (a.auditId === "categories" ? a.auditProperty : a.auditId);

const reportFiles = () => readdirSync(lhciDir).filter((f) => /^lhr-\d+\.json$/.test(f));
/**
 * Runs one LHCI collect whose first run is a warm-up (PERF_WARM_UP), and drops that run's report: the
 * first run of an LHCI process, whichever page it measures, does 20-50 % more main-thread work than the
 * same page later in the process (measured: the pass's first route had the highest ratio, whichever
 * route that was), and the first run on a machine pays for a cold disk cache too.
 */
function collect(env, additive) {
  const before = new Set(additive ? reportFiles() : []);
  if (lhci(["collect", ...(additive ? ["--additive"] : [])], { ...env, PERF_WARM_UP: "1" })) process.exit(1);
  const [warmUp] = reportFiles()
    .filter((f) => !before.has(f))
    .sort((a, b) => Date.parse(readJson(a).fetchTime) - Date.parse(readJson(b).fetchTime));
  for (const f of [warmUp, warmUp.replace(/\.json$/, ".html")])
    rmSync(path.join(lhciDir, f), { force: true });
}

const results = {};
const cpu = { mobile: [] };
let failed = false;
for (const preset of presets) {
  // The noindex pages get a collect of their own (lighthouserc.js skips "page is crawlable" there).
  const groups = [
    routes.filter((r) => !noindexRoutes.includes(r)),
    routes.filter((r) => noindexRoutes.includes(r)),
  ].filter((g) => g.length > 0);
  // Passes of one run of every route (LHCI would run the warm-up URL as often as every other); on mobile
  // a collect per pass, its CPU slowdown calibrated to the machine's speed just before it.
  const passes = preset === "mobile" ? mobileRuns : runs;
  for (let pass = 0; pass < (preset === "mobile" ? passes : 1); pass++) {
    const slowdown = preset === "mobile" ? await cpuSlowdown() : undefined;
    if (slowdown) cpu.mobile.push(slowdown);
    groups.forEach((group, i) =>
      collect(
        {
          PERF_PRESET: preset,
          PERF_ROUTES: group.join(","),
          PERF_RUNS: "1",
          PERF_PASSES: String(slowdown ? 1 : passes),
          ...(slowdown ? { PERF_CPU_SLOWDOWN: String(slowdown.slowdown) } : {}),
        },
        pass > 0 || i > 0,
      ),
    );
  }
  rmSync(path.join(lhciDir, "assertion-results.json"), { force: true });
  failed = lhci(["assert"], { PERF_PRESET: preset, PERF_ROUTES: "" }) !== 0 || failed;
  if (!existsSync(path.join(lhciDir, "assertion-results.json"))) process.exit(1); // assert itself failed

  const lhrs = reportFiles().map(readJson);
  const assertions = readJson("assertion-results.json").filter((a) => !a.passed);
  // Each content page's main-thread ratio, in pairs of runs of its own: failed once shown over the budget.
  const ratioRoutes =
    preset === "mobile" && sites.noScripts ? routes.filter((r) => contentRoutes.includes(r)) : [];
  const ratios = ratioRoutes.length
    ? await measureMainThreadRatios({ routes: ratioRoutes, ...sites, budget: mainThreadRatioBudget, pairs })
    : {};
  results[preset] = routes.map((route) => {
    const own = lhrs.filter((l) => routeOf(l.finalUrl) === route);
    const num = (id) => median(own.map((l) => l.audits[id]?.numericValue));
    const ratio = ratios[route];
    const failures = assertions.filter((a) => routeOf(a.url) === route);
    if (ratio && ratio.verdict !== "pass")
      failures.push({ ratio, level: advisoryRatio || ratio.verdict === "unclear" ? "warn" : "error" });
    failed ||= failures.some((a) => a.ratio && a.level === "error");
    const scriptBytes = (l) =>
      l.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script")?.transferSize;
    return {
      route,
      scores: Object.fromEntries(categories.map((c) => [c, median(own.map((l) => l.categories[c]?.score))])),
      metrics: Object.fromEntries(Object.keys(metrics).map((id) => [id, num(id)])),
      jsBytes: median(own.map(scriptBytes)),
      work: num("mainthread-work-breakdown"),
      ratio,
      noindex: own.some((l) => l.configSettings.skipAudits?.includes("is-crawlable")),
      failures,
      lhr: own[0],
    };
  });
  // Keep this preset's reports (lhr-*.html) beside the next preset's: the next collect clears the top level.
  rmSync(path.join(lhciDir, preset), { recursive: true, force: true });
  mkdirSync(path.join(lhciDir, preset));
  for (const f of readdirSync(lhciDir).filter((f) => /^lhr-\d+\.(json|html)$/.test(f)))
    renameSync(path.join(lhciDir, f), path.join(lhciDir, preset, f));
}

function failureText(a) {
  if (a.ratio !== undefined)
    return `${ratioShortfall(a.ratio, mainThreadRatioBudget)}${a.level === "warn" && a.ratio.verdict === "fail" ? " (advisory)" : ""}`;
  const id = budgetOf(a);
  const show = (v) => (id in metrics ? metrics[id].cell(v) : Math.round(v * 100));
  const beyond = a.operator === ">=" ? "<" : ">"; // LHCI's operator says what the budget demands
  return `${metrics[id]?.label ?? id} ${show(a.actual)} ${beyond} ${show(a.expected)}${a.level === "warn" ? " (advisory)" : ""}`;
}

/** Whether a row's failures miss an enforced budget, rather than only advisory ones (or an unclear ratio). */
const missesEnforced = (failures) => failures.some((a) => a.level !== "warn");
const budgetCell = (f) =>
  f.length ? `${missesEnforced(f) ? "fail" : "reported"}: ${f.map(failureText).join("; ")}` : "pass";
function table(preset, rows) {
  const b = budgets[preset];
  const limits = Object.entries(b).map(([id, v]) =>
    id in metrics
      ? `${metrics[id].label} ≤ ${metrics[id].budget(v)}`
      : `${titles[id].toLowerCase()} ≥ ${v * 100}`,
  );
  const bare = rows.some((r) => r.ratio !== undefined);
  if (bare)
    limits.push(`main-thread work ≤ ${mainThreadRatioBudget} × the page's without scripts (content pages ²)`);
  const lines = [
    `## ${preset === "mobile" ? `Mobile (Moto G Power emulation, simulated slow 4G, ${describeSlowdown(cpu.mobile)})` : "Desktop (1350×940, simulated broadband)"}`,
    "",
    `Budgets: ${limits.join(", ")}.`,
    "",
    `| Route | ${categories.map((c) => titles[c]).join(" | ")} | LCP | TBT | CLS | JS transferred | Main-thread work |${bare ? " In pairs: with / without scripts | Ratio (95 %) |" : ""} Budget |`,
    `|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|${bare ? "--:|--:|" : ""}---|`,
  ];
  for (const row of rows) {
    const mark = (id) => (row.failures.some((a) => budgetOf(a) === id) ? " ❌" : "");
    const ms = (v) => `${Math.round(v).toLocaleString("en-GB")} ms`;
    const cells = [
      ...categories.map((c) => `${Math.round(row.scores[c] * 100)}${mark(c)}`),
      ...Object.entries(metrics).map(([id, m]) => `${m.cell(row.metrics[id])}${mark(id)}`),
      `${(row.jsBytes / 1024).toFixed(1)} KiB`,
      ms(row.work),
      ...(bare
        ? [
            row.ratio === undefined ? "" : `${ms(row.ratio.work)} / ${ms(row.ratio.workWithoutScripts)}`,
            row.ratio === undefined
              ? ""
              : `${describeRatio(row.ratio)}${{ fail: " ❌", unclear: " ?" }[row.ratio.verdict] ?? ""}`,
          ]
        : []),
      budgetCell(row.failures),
    ];
    const notes = `${row.noindex ? " ¹" : ""}${bare && contentRoutes.includes(row.route) ? " ²" : ""}`;
    lines.push(`| ${row.route}${notes} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

const first = Object.values(results)[0]?.[0]?.lhr;
const rowsWhere = (test) => presets.flatMap((p) => results[p].filter(test).map((r) => `${p} ${r.route}`));
const missed = rowsWhere((r) => missesEnforced(r.failures));
const advised = rowsWhere((r) => r.failures.length && !missesEnforced(r.failures));
const doc = [
  "# Performance report",
  "",
  `Generated ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run perf\` (Lighthouse CI, ` +
    `\`lighthouserc.js\`) against ${process.env.PERF_URL || "the production build (the site role of the local server)"} with ` +
    `Lighthouse ${first?.lighthouseVersion ?? "?"} and Chromium ` +
    `${first?.environment?.hostUserAgent?.match(/Chrome\/([\d.]+)/)?.[1] ?? "?"} (${browserName})` +
    `${runs > 1 || mobileRuns > 1 ? `; each figure is the median of ${runs} runs per route${mobileRuns !== runs && presets.includes("mobile") ? ` (${mobileRuns} on mobile)` : ""}` : ", one run per route"}.`,
  "Scores are out of 100; ❌ marks a figure outside its budget. JS transferred is the compressed script bytes of the page load.",
  "Main-thread work is Lighthouse's (mobile: its CPU time scaled by the slowdown, 4 or less on a slow machine: `scripts/cpu-calibration.mjs`);",
  "a content page's ratio is measured apart, in pairs of Lighthouse runs of the page and of its copy with every script taken out",
  "(`scripts/without-scripts.mjs`) until its 95 % interval is on one side of the budget (`scripts/main-thread-ratio.mjs`): the",
  "geometric mean of the pairs' ratios, beside the medians of both sides' runs. The first-load JS budgets (≤ 60 KB gzip for a content page, the router's pages",
  "no more than on main before the islands) are checked separately by `npm run check:js-budget` (size-limit, `.size-limit.js`).",
  ...(args.routes
    ? []
    : [
        "The 404 page is not in the table: it is served with status 404 on purpose and Lighthouse does not audit error responses (the axe, keyboard and SEO browser tests cover it).",
      ]),
  "",
  ...presets.flatMap((p) => [table(p, results[p]), ""]),
  ...(presets.some((p) => results[p].some((r) => r.noindex))
    ? [
        "¹ noindex page: Lighthouse's “page is crawlable” audit is skipped, because failing it is the intended behaviour.",
        "",
      ]
    : []),
  ...(results.mobile?.some((r) => r.ratio !== undefined)
    ? [
        "² content page (no router in the browser: `docs/decisions/0022-content-page-islands.md`): its ratio is",
        `a budget (≤ ${mainThreadRatioBudget}×)${advisoryRatio ? ", reported here and not enforced (--advisory main-thread-ratio)" : ", failed once shown over it (99 %), reported (?) when neither shown within nor over"}.`,
        "",
      ]
    : []),
  missed.length
    ? `**Budget failures: ${missed.length}** (${missed.join(", ")}).`
    : "**Every enforced budget met.**",
  ...(advised.length ? [`Reported, not failed (advisory or unclear): ${advised.join(", ")}.`] : []),
  "",
].join("\n");

if (outFile) {
  writeFileSync(outFile, doc);
  console.log(`perf: wrote ${outFile}`);
} else console.log(`\n${doc}`);
if (failed && !args["report-only"]) {
  console.error(`perf: budget failure(s), Lighthouse CI's assertions above: ${missed.join(", ")}`);
  process.exit(1);
}
process.exit(0); // and with it the servers started above
