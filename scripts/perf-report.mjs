// `npm run perf`: Lighthouse CI (lighthouserc.js) once per preset, then the table in docs/perf.md.
//   npm run perf                               every prerendered route, both presets, writes docs/perf.md
//   npm run perf -- --routes /,/contact        those routes; prints the table (writes it only with --out)
//   npm run perf -- --report-only              never fails on budgets
//   PERF_URL=https://staging.example.com npm run perf   audit a running site instead of the build
// Options: --preset mobile|desktop|both, --runs N (default 3; --ratio-runs N on mobile, where the ratio below is measured), --advisory total-blocking-time,performance (report those budgets without failing; main-thread-ratio for the ratio), --out FILE.
// The build (apps/web/build) is served here by the site role of apps/server, with the contact service its pages call, and beside it a copy whose pages have every script taken out (without-scripts.mjs).
// LHCI runs Lighthouse, takes each figure's median and checks the budgets; on mobile each route is also
// measured without scripts, the runs interleaved (one pass over every route per run): a content page's
// main-thread work may be at most 1.25 times that (mainThreadRatioBudget in lighthouserc.js), the median
// of the passes' ratios of two runs side by side. This script checks that and writes the table.
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
import { median } from "./median.mjs";
import { serveBuild, serveContactService } from "./serve-build.mjs";
import { buildWithoutScripts } from "./without-scripts.mjs";

const { values: args } = parseArgs({
  options: {
    routes: { type: "string" },
    preset: { type: "string", default: "both" },
    runs: { type: "string", default: "3" },
    "ratio-runs": { type: "string" },
    out: { type: "string" },
    "report-only": { type: "boolean", default: false },
    advisory: { type: "string", default: "" },
  },
});
const routes = args.routes ? args.routes.split(",").map((r) => r.trim()) : auditedRoutes;
const presets = args.preset === "both" ? ["mobile", "desktop"] : [args.preset];
if (!presets.every((p) => p in budgets)) throw new Error("--preset must be mobile, desktop or both");
const runs = Math.max(1, Number(args.runs) || 1);
const ratioRuns = Math.max(runs, Number(args["ratio-runs"]) || runs);
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
    env: {
      ...process.env,
      PERF_ADVISORY: args.advisory,
      PERF_URL: sites.url,
      PERF_NO_SCRIPTS_URL: "",
      ...env,
    },
  });
  return r.status ?? 1;
}
const readJson = (file) => JSON.parse(readFileSync(path.join(lhciDir, file), "utf8"));
const routeOf = (url) => decodeURI(new URL(url).pathname);
const originOf = (url) => new URL(url).origin;
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
  // with each content page's copy without scripts beside it (the machine's load moves both alike), and
  // a collect per pass, its CPU slowdown calibrated to the machine's speed just before it.
  const bare = preset === "mobile" && sites.noScripts;
  const passes = bare ? ratioRuns : runs;
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
          PERF_FIRST_PASS: String(pass),
          ...(slowdown ? { PERF_CPU_SLOWDOWN: String(slowdown.slowdown) } : {}),
          ...(bare ? { PERF_NO_SCRIPTS_URL: sites.noScripts } : {}),
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
  const work = (list) => median(list.map((l) => l.audits["mainthread-work-breakdown"]?.numericValue));
  results[preset] = routes.map((route) => {
    const mine = lhrs.filter((l) => routeOf(l.finalUrl) === route);
    const own = mine.filter((l) => originOf(l.finalUrl) === originOf(sites.url));
    const num = (id) => median(own.map((l) => l.audits[id]?.numericValue));
    const withoutScripts = bare ? mine.filter((l) => originOf(l.finalUrl) === originOf(sites.noScripts)) : [];
    // The ratio of each pass's two runs (taken side by side), then the median of those.
    const inOrder = (list) => list.toSorted((a, b) => Date.parse(a.fetchTime) - Date.parse(b.fetchTime));
    const pairs = inOrder(withoutScripts).map((bareRun, i) => [inOrder(own)[i], bareRun]);
    const ratio = pairs.length ? median(pairs.map(([a, b]) => work([a]) / work([b]))) : undefined;
    const failures = assertions.filter(
      (a) => routeOf(a.url) === route && originOf(a.url) === originOf(sites.url),
    );
    if (ratio > mainThreadRatioBudget && contentRoutes.includes(route)) {
      failures.push({ ratio, level: advisoryRatio ? "warn" : "error" });
      if (!advisoryRatio) failed = true;
    }
    const scriptBytes = (l) =>
      l.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script")?.transferSize;
    return {
      route,
      scores: Object.fromEntries(categories.map((c) => [c, median(own.map((l) => l.categories[c]?.score))])),
      metrics: Object.fromEntries(Object.keys(metrics).map((id) => [id, num(id)])),
      jsBytes: median(own.map(scriptBytes)),
      work: work(own),
      workWithoutScripts: withoutScripts.length ? work(withoutScripts) : undefined,
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
    return `main-thread work ${a.ratio.toFixed(2)}× > ${mainThreadRatioBudget}× without scripts${a.level === "warn" ? " (advisory)" : ""}`;
  const id = budgetOf(a);
  const show = (v) => (id in metrics ? metrics[id].cell(v) : Math.round(v * 100));
  const beyond = a.operator === ">=" ? "<" : ">"; // LHCI's operator says what the budget demands
  return `${metrics[id]?.label ?? id} ${show(a.actual)} ${beyond} ${show(a.expected)}${a.level === "warn" ? " (advisory)" : ""}`;
}

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
    `| Route | ${categories.map((c) => titles[c]).join(" | ")} | LCP | TBT | CLS | JS transferred | Main-thread work |${bare ? " Without scripts | Ratio |" : ""} Budget |`,
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
            row.workWithoutScripts === undefined ? "" : ms(row.workWithoutScripts),
            row.ratio === undefined
              ? ""
              : `${row.ratio.toFixed(2)}×${row.failures.some((a) => a.ratio !== undefined) ? " ❌" : ""}`,
          ]
        : []),
      row.failures.length ? `fail: ${row.failures.map(failureText).join("; ")}` : "pass",
    ];
    const notes = `${row.noindex ? " ¹" : ""}${bare && contentRoutes.includes(row.route) ? " ²" : ""}`;
    lines.push(`| ${row.route}${notes} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

const first = Object.values(results)[0]?.[0]?.lhr;
const rowsWhere = (test) => presets.flatMap((p) => results[p].filter(test).map((r) => `${p} ${r.route}`));
const missed = rowsWhere((r) => r.failures.some((a) => a.level !== "warn"));
const advised = rowsWhere((r) => r.failures.length && r.failures.every((a) => a.level === "warn"));
const doc = [
  "# Performance report",
  "",
  `Generated ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run perf\` (Lighthouse CI, ` +
    `\`lighthouserc.js\`) against ${process.env.PERF_URL || "the production build (the site role of the local server)"} with ` +
    `Lighthouse ${first?.lighthouseVersion ?? "?"} and Chromium ` +
    `${first?.environment?.hostUserAgent?.match(/Chrome\/([\d.]+)/)?.[1] ?? "?"} (${browserName})` +
    `${runs > 1 ? `; each figure is the median of ${runs} runs per route${ratioRuns > runs ? ` (${ratioRuns} on mobile)` : ""}` : ", one run per route"}.`,
  "Scores are out of 100; ❌ marks a figure outside its budget. JS transferred is the compressed script bytes of the page load.",
  "Main-thread work is Lighthouse's (mobile: its CPU time scaled by the slowdown, 4 or less on a slow machine: `scripts/cpu-calibration.mjs`);",
  "without scripts, the same page's with every script taken out (`scripts/without-scripts.mjs`), measured beside it in each pass;",
  "the ratio is the median of the passes' ratios. The first-load JS budgets (≤ 60 KB gzip for a content page, the router's pages",
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
        `a budget (≤ ${mainThreadRatioBudget}×)${advisoryRatio ? ", reported here and not enforced (--advisory main-thread-ratio)" : ""}.`,
        "",
      ]
    : []),
  missed.length
    ? `**Budget failures: ${missed.length}** (${missed.join(", ")}).`
    : "**Every enforced budget met.**",
  ...(advised.length ? [`Outside an advisory budget only: ${advised.join(", ")}.`] : []),
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
