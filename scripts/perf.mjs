// `npm run perf`: Lighthouse 12 (mobile and desktop presets) on every prerendered route, a table in
// docs/perf.md, and a non-zero exit when a budget fails.
//   npm run perf                                   full run, writes docs/perf.md, enforces budgets
//   npm run perf -- --routes /,/contact            subset (CI); prints the table, writes only with --out
//   npm run perf -- --report-only                  never fails on budgets
//   PERF_URL=https://staging.example.com npm run perf   audit a running site instead of `npm start`
// --advisory tbt,performance reports those budgets (❌ in the table) without failing on them.
// Lighthouse runs in chromium-headless-shell when it is installed (see scripts/chromium.mjs).
// Options: --preset mobile|desktop|both, --runs N (default 3; every figure is the median of the runs,
// as Lighthouse CI aggregates), --out FILE.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { createJiti } from "jiti";
import { chromiumFlags, chromiumPath, lighthouseChromiumPath } from "./chromium.mjs";

const { values: args } = parseArgs({
  options: {
    routes: { type: "string" },
    preset: { type: "string", default: "both" },
    runs: { type: "string", default: "3" },
    out: { type: "string" },
    "report-only": { type: "boolean", default: false },
    advisory: { type: "string", default: "" },
  },
});

/** The issue's budgets. Categories apply to both presets; LCP and performance to mobile. */
const budgets = {
  mobile: {
    performance: 98,
    accessibility: 100,
    "best-practices": 100,
    seo: 100,
    lcp: 1800,
    tbt: 50,
    cls: 0.01,
  },
  desktop: { accessibility: 100, "best-practices": 100, seo: 100, tbt: 50, cls: 0.01 },
};
const categories = ["performance", "accessibility", "best-practices", "seo"];

const { prerenderPaths, noindexPaths } = await createJiti(import.meta.url).import(
  "../apps/web/app/content/site-paths.ts",
);
const allRoutes = prerenderPaths();
// Lighthouse refuses to audit a document answered with an error status, and the 404 page is served
// with 404 on purpose; its markup is covered by the axe, keyboard and SEO browser tests instead.
const UNAUDITABLE = ["/404"];
const routes = args.routes
  ? args.routes.split(",").map((r) => r.trim())
  : allRoutes.filter((r) => !UNAUDITABLE.includes(r));
const unknown = routes.filter((r) => !allRoutes.includes(r));
if (unknown.length) console.warn(`perf: not prerendered (audited anyway): ${unknown.join(", ")}`);
const presets = args.preset === "both" ? ["mobile", "desktop"] : [args.preset];
if (!presets.every((p) => p in budgets)) throw new Error(`--preset must be mobile, desktop or both`);
const runs = Math.max(1, Number(args.runs) || 1);
const outFile = args.out ?? (args.routes ? undefined : "docs/perf.md");
/** Budgets reported but not enforced (CI: the ones that move with a shared runner's load). */
const advisory = new Set(args.advisory.split(",").filter(Boolean));

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

/** Starts `npm start` (which builds first if needed) on free ports; resolves once / answers. */
async function startSite() {
  const [port, contact, quotation] = [await freePort(), await freePort(), await freePort()];
  const dbDir = mkdtempSync(path.join(os.tmpdir(), "perf-db-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      CONTACT_PORT: String(contact),
      QUOTATION_PORT: String(quotation),
      DATABASE_URL: `sqlite:${path.join(dbDir, "perf.sqlite")}`,
      LOG_LEVEL: "warn",
    },
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    rmSync(dbDir, { recursive: true, force: true });
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/`)).ok) return { url, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stop();
  throw new Error("npm start did not answer within 5 minutes");
}

/**
 * One Lighthouse run, in a browser of its own (as the Lighthouse CLI and Lighthouse CI do): a
 * renderer reused from the previous run would tear that page down during this one's load and charge
 * it to this page's main thread. Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP
 * on a busy machine); such a run is repeated, up to three attempts, rather than reported as a zero.
 */
async function lighthouseRun(url, route, flags, preset) {
  let lhr;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const userDataDir = mkdtempSync(path.join(os.tmpdir(), "perf-chrome-"));
    const chrome = await chromeLauncher.launch({
      chromePath: lighthouseChromiumPath,
      chromeFlags: chromiumFlags,
      userDataDir,
      logLevel: "silent",
    });
    try {
      const result = await lighthouse(
        `${url}${encodeURI(route)}`,
        { ...flags, port: chrome.port },
        preset === "desktop" ? desktopConfig : undefined,
      );
      lhr = result.lhr;
    } finally {
      chrome.kill();
      rmSync(userDataDir, { recursive: true, force: true });
    }
    if (!lhr.runtimeError) return lhr;
    console.warn(`perf: ${preset} ${route}: ${lhr.runtimeError.code} (attempt ${attempt} of 3)`);
  }
  return lhr;
}

async function audit(preset, url, route) {
  // noindex pages are meant to fail "is crawlable".
  const skipAudits = noindexPaths.includes(route) ? ["is-crawlable"] : [];
  const flags = {
    output: "json",
    logLevel: "error",
    onlyCategories: categories,
    skipAudits,
  };
  const lhrs = [];
  for (let i = 0; i < runs; i++) lhrs.push(await lighthouseRun(url, route, flags, preset));
  const ok = lhrs.filter((lhr) => !lhr.runtimeError);
  const lhr = ok[0] ?? lhrs[0];
  // Like Lighthouse CI's "median" aggregation: each figure is the median of the runs, on its own.
  const median = (values) => {
    const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    return v.length ? v[Math.floor((v.length - 1) / 2)] : NaN;
  };
  const num = (id) => median(ok.map((r) => r.audits[id]?.numericValue));
  const score = (c) => median(ok.map((r) => Math.round((r.categories[c]?.score ?? NaN) * 100)));
  const jsBytes = median(
    ok.map(
      (r) =>
        r.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script")
          ?.transferSize ?? 0,
    ),
  );
  return {
    route,
    error: ok.length ? undefined : lhr.runtimeError?.message,
    scores: Object.fromEntries(categories.map((c) => [c, score(c)])),
    lcp: num("largest-contentful-paint"),
    tbt: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    jsBytes,
    skipped: skipAudits,
    version: lhr.lighthouseVersion,
    chrome: lhr.environment?.hostUserAgent?.match(/Chrome\/([\d.]+)/)?.[1],
  };
}

/** Budget failures of one row, as readable strings (advisory ones too unless `enforcedOnly`). */
function failures(preset, row, { enforcedOnly = false } = {}) {
  const b = budgets[preset];
  const counts = (name) => !enforcedOnly || !advisory.has(name);
  const out = row.error ? [`error: ${row.error}`] : [];
  for (const c of categories)
    if (b[c] !== undefined && counts(c) && !(row.scores[c] >= b[c]))
      out.push(`${c} ${row.scores[c]} < ${b[c]}`);
  if (b.lcp !== undefined && counts("lcp") && !(row.lcp <= b.lcp))
    out.push(`LCP ${(row.lcp / 1000).toFixed(2)} s > ${b.lcp / 1000} s`);
  if (counts("tbt") && !(row.tbt <= b.tbt)) out.push(`TBT ${Math.round(row.tbt)} ms > ${b.tbt} ms`);
  if (counts("cls") && !(row.cls <= b.cls)) out.push(`CLS ${row.cls.toFixed(3)} > ${b.cls}`);
  return out;
}

function table(preset, rows) {
  const b = budgets[preset];
  const mark = (ok) => (ok ? "" : " ❌");
  const lines = [
    `## ${preset === "mobile" ? "Mobile (Moto G Power emulation, simulated slow 4G)" : "Desktop (1350×940, simulated broadband)"}`,
    "",
    `Budgets: ${[
      b.performance !== undefined ? `performance ≥ ${b.performance}` : null,
      `accessibility, best practices, SEO = 100`,
      b.lcp !== undefined ? `LCP ≤ ${b.lcp / 1000} s` : null,
      `TBT ≤ ${b.tbt} ms`,
      `CLS ≤ ${b.cls}`,
    ]
      .filter(Boolean)
      .join(", ")}.`,
    "",
    "| Route | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | JS transferred | Budget |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|",
  ];
  for (const row of rows) {
    const f = failures(preset, row);
    const score = (c) => `${row.scores[c]}${mark(b[c] === undefined || row.scores[c] >= b[c])}`;
    lines.push(
      `| ${row.route}${row.skipped.length ? " ¹" : ""} | ${categories.map(score).join(" | ")} | ` +
        `${(row.lcp / 1000).toFixed(2)} s${mark(b.lcp === undefined || row.lcp <= b.lcp)} | ` +
        `${Math.round(row.tbt)} ms${mark(row.tbt <= b.tbt)} | ${row.cls.toFixed(3)}${mark(row.cls <= b.cls)} | ` +
        `${(row.jsBytes / 1024).toFixed(1)} KiB | ${f.length ? `fail: ${f.join("; ")}` : "pass"} |`,
    );
  }
  return lines.join("\n");
}

const site = process.env.PERF_URL
  ? { url: process.env.PERF_URL.replace(/\/$/, ""), stop: () => {} }
  : await startSite();
process.on("SIGINT", () => {
  site.stop();
  process.exit(130);
});
const browserName = path.basename(lighthouseChromiumPath);
if (lighthouseChromiumPath === chromiumPath)
  console.warn(
    `perf: measuring in the full browser (${chromiumPath}), not chromium-headless-shell: its own UI ` +
      "work inflates TBT on a small machine (docs/decisions/paint-first-loading.md)",
  );
const results = {};
try {
  // One run that is not counted: the first Lighthouse run of a process pays for warming Node's JIT,
  // the disk cache of the browser binary and the server's files, on the same cores as the page.
  await lighthouseRun(
    site.url,
    routes[0],
    { output: "json", logLevel: "error", onlyCategories: ["performance"] },
    presets[0],
  );
  for (const preset of presets) {
    results[preset] = [];
    for (const route of routes) {
      const row = await audit(preset, site.url, route);
      results[preset].push(row);
      const f = failures(preset, row);
      console.log(
        `${preset.padEnd(7)} ${route.padEnd(42)} ${categories.map((c) => row.scores[c]).join("/")}  ` +
          `LCP ${(row.lcp / 1000).toFixed(2)}s TBT ${Math.round(row.tbt)}ms CLS ${row.cls.toFixed(3)}  ${f.length ? `FAIL ${f.join("; ")}` : "ok"}`,
      );
    }
  }
} finally {
  site.stop();
}

const first = Object.values(results)[0]?.[0];
const failed = presets.flatMap((p) =>
  results[p].filter((r) => failures(p, r).length > 0).map((r) => `${p} ${r.route}`),
);
const enforcedFailed = presets.flatMap((p) =>
  results[p].filter((r) => failures(p, r, { enforcedOnly: true }).length > 0).map((r) => `${p} ${r.route}`),
);
const doc = [
  "# Performance report",
  "",
  `Generated ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run perf\` against ` +
    `${process.env.PERF_URL ? process.env.PERF_URL : "`npm start` (production build, local server)"} with ` +
    `Lighthouse ${first?.version ?? "?"} and Chromium ${first?.chrome ?? "?"} (${browserName})` +
    `${runs > 1 ? `; each figure is the median of ${runs} runs per route` : ", one run per route"}.`,
  "Scores are out of 100; ❌ marks a figure outside its budget. JS transferred is the compressed script",
  "bytes of the page load. The first-load JS budget (≤ 125 KB gzip for /) is checked separately by",
  "`npm run check:js-budget`.",
  ...(args.routes
    ? []
    : [
        "The 404 page is not in the table: it is served with status 404 on purpose and Lighthouse does not",
        "audit error responses (the axe, keyboard and SEO browser tests cover it).",
      ]),
  "",
  ...presets.flatMap((p) => [table(p, results[p]), ""]),
  ...(presets.some((p) => results[p].some((r) => r.skipped.length > 0))
    ? [
        "¹ noindex page: Lighthouse's “page is crawlable” audit is skipped, because failing it is the intended",
        "behaviour.",
        "",
      ]
    : []),
  failed.length ? `**Budget failures: ${failed.length}** (${failed.join(", ")}).` : "**Every budget met.**",
  "",
].join("\n");

if (outFile) {
  writeFileSync(outFile, doc);
  console.log(`perf: wrote ${outFile}`);
} else console.log(`\n${doc}`);

if (failed.length > enforcedFailed.length)
  console.warn(
    `perf: advisory budgets (${[...advisory].join(", ")}) missed on ${failed.length - enforcedFailed.length} row(s)`,
  );
if (enforcedFailed.length && !args["report-only"]) {
  console.error(`perf: ${enforcedFailed.length} budget failure(s): ${enforcedFailed.join(", ")}`);
  process.exit(1);
}
