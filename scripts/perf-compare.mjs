// `npm run perf:compare -- --baseline DIR`: the mobile figures of two web builds side by side, measured in
// the same period with their runs interleaved, since on a shared machine the load moves every figure more
// than most changes do. Each build is served by the site role of apps/server (a server of its own, on its
// own port); each run is a fresh Lighthouse process and browser with the settings of `npm run perf`
// (lighthouserc.js: mobile preset, Chromium's headless shell, the workplace's flags), but always at
// Lighthouse's 4× CPU slowdown: interleaved runs share the machine's state, so `npm run perf`'s
// calibration (scripts/cpu-calibration.mjs) would only make two such reports harder to compare.
//   --baseline DIR    a web build (the apps/web/build folder of another checkout, or a copy of one)
//   --candidate DIR   default apps/web/build
//   --routes LIST     default /,/services/internet-services,/contact (the CI routes); "all": every
//                     prerendered route of the candidate
//   --runs N          runs per route and build (default 5), after one uncounted warm-up run
//   --ports A,B       where the two builds are served (default PORT and PORT + 1; PORT default 3000)
//   --without-scripts each build's pages also without their scripts (scripts/without-scripts.mjs), on
//                     the next two ports, in the same interleaved runs: the floor of main-thread work
//   --json FILE       also write every run's figures there
// Prints, per route and build, the median and range of TBT, LCP, main-thread work and JavaScript
// execution time, the median performance score, and the candidate's medians over the baseline's; with
// --without-scripts, the main-thread work of the same page without scripts and the ratio of the two.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { builtPages } from "./built-pages.mjs";
import { chromiumFlags, lighthouseChromiumPath } from "./chromium.mjs";
import { median } from "./median.mjs";
import { serveBuild } from "./serve-build.mjs";
import { buildWithoutScripts } from "./without-scripts.mjs";

const { values: args } = parseArgs({
  options: {
    baseline: { type: "string" },
    candidate: { type: "string", default: "apps/web/build" },
    routes: { type: "string", default: "/,/services/internet-services,/contact" },
    runs: { type: "string", default: "5" },
    ports: { type: "string" },
    "without-scripts": { type: "boolean", default: false },
    json: { type: "string" },
  },
});
if (!args.baseline) throw new Error("--baseline DIR: the web build to compare against");
const port = Number(process.env.PORT || 3000);
const ports = (args.ports ?? `${port},${port + 1}`).split(",").map(Number);
const runs = Math.max(1, Number(args.runs) || 1);
const builds = [
  { name: "baseline", dir: path.resolve(args.baseline), port: ports[0] },
  { name: "candidate", dir: path.resolve(args.candidate), port: ports[1] },
];
const routes =
  args.routes === "all"
    ? builtPages(path.join(builds[1].dir, "client"))
        .map((p) => p.route)
        .filter((r) => r !== "/404")
    : args.routes.split(",").map((r) => r.trim());
// Each build, and with --without-scripts the same build with its scripts taken out.
const variants = builds.flatMap((b, i) => [
  { ...b, key: b.name },
  ...(args["without-scripts"]
    ? [
        {
          name: `${b.name} without scripts`,
          key: `${b.name}/bare`,
          dir: buildWithoutScripts(b.dir),
          port: ports[1] + 1 + i,
        },
      ]
    : []),
]);
// LHCI's own Lighthouse (lighthouse is not a dependency of ours), run as LHCI runs it: its CLI, one
// process per run.
const lhci = createRequire(createRequire(import.meta.url).resolve("@lhci/cli/package.json"));
const lighthouseCli = path.join(lhci.resolve("lighthouse"), "../../cli/index.js");

const servers = [];
for (const b of variants) servers.push(await serveBuild(b.dir, b.port, b.name));
const stopServers = () => servers.forEach((s) => s.stop());

const figures = {
  tbt: { label: "TBT", audit: "total-blocking-time", show: (v) => `${Math.round(v)} ms` },
  lcp: { label: "LCP", audit: "largest-contentful-paint", show: (v) => `${(v / 1000).toFixed(2)} s` },
  work: { label: "Main-thread work", audit: "mainthread-work-breakdown", show: (v) => `${Math.round(v)} ms` },
  js: { label: "JS execution", audit: "bootup-time", show: (v) => `${Math.round(v)} ms` },
};

/**
 * One Lighthouse run (mobile, performance only): the figures above and the performance score, or
 * undefined when Lighthouse recorded no usable trace.
 */
function lighthouse(url) {
  const flags = [...chromiumFlags.filter((f) => f !== "--headless"), "--headless=new"].join(" ");
  const r = spawnSync(
    process.execPath,
    [
      lighthouseCli,
      url,
      "--quiet",
      "--only-categories=performance",
      `--chrome-path=${lighthouseChromiumPath}`,
      `--chrome-flags=${flags}`,
      "--output=json",
      "--output-path=stdout",
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  // Lighthouse sometimes fails to record the trace on a loaded machine (NO_NAVSTART, NO_FCP): that run
  // is repeated, as LHCI's runs are.
  if (r.status !== 0) {
    process.stderr.write(`\nlighthouse ${url}: ${r.stderr.trim().split("\n").at(-1)}; again\n`);
    return undefined;
  }
  const lhr = JSON.parse(r.stdout);
  const result = { score: lhr.categories.performance.score * 100 };
  for (const [key, f] of Object.entries(figures)) result[key] = lhr.audits[f.audit]?.numericValue;
  if (Object.values(result).some((v) => !Number.isFinite(v))) return undefined; // no trace recorded
  return result;
}

lighthouse(`http://localhost:${builds[0].port}${routes[0]}`); // warm-up, not counted (nor checked)
const results = new Map(variants.flatMap((b) => routes.map((r) => [`${b.key} ${r}`, []])));
for (let run = 0; run < runs; run++) {
  for (const route of routes) {
    // Alternate which build goes first, so neither always follows the other.
    for (const b of run % 2 ? [...variants].reverse() : variants) {
      let result;
      for (let attempt = 0; attempt < 3 && !result; attempt++) {
        result = lighthouse(`http://localhost:${b.port}${encodeURI(route)}`);
      }
      if (!result) throw new Error(`no trace for ${route} on the ${b.name} build in 3 attempts`);
      results.get(`${b.key} ${route}`).push(result);
      process.stderr.write(".");
    }
  }
}
process.stderr.write("\n");
stopServers();

if (args.json) writeFileSync(args.json, JSON.stringify(Object.fromEntries(results), null, 1));

const bare = args["without-scripts"];
const header = [
  "Route",
  "Build",
  ...Object.values(figures).map((f) => `${f.label}: median (range)`),
  ...(bare ? ["Main-thread work without scripts", "Ratio"] : []),
  "Performance",
];
const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
for (const route of routes) {
  const [base, cand] = builds.map((b) => results.get(`${b.name} ${route}`));
  for (const [b, rows] of [
    [builds[0], base],
    [builds[1], cand],
  ]) {
    const cells = Object.entries(figures).map(([key, f]) => {
      const v = rows.map((row) => row[key]);
      return `${f.show(median(v))} (${f.show(Math.min(...v))}–${f.show(Math.max(...v))})`;
    });
    if (bare) {
      const floor = median(results.get(`${b.name}/bare ${route}`).map((row) => row.work));
      cells.push(figures.work.show(floor), `${(median(rows.map((row) => row.work)) / floor).toFixed(2)}×`);
    }
    lines.push(`| ${route} | ${b.name} | ${cells.join(" | ")} | ${median(rows.map((row) => row.score))} |`);
  }
  const ratios = Object.keys(figures).map((key) => {
    const [mb, mc] = [base, cand].map((rows) => median(rows.map((row) => row[key])));
    return mb > 0 ? `${(mc / mb).toFixed(2)}×` : "n/a";
  });
  lines.push(`| ${route} | candidate / baseline | ${ratios.join(" | ")} | ${bare ? "| | " : ""}|`);
}
console.log(
  `${runs} runs per route and build, interleaved; Lighthouse mobile in ${path.basename(lighthouseChromiumPath)}`,
);
console.log(`baseline: ${builds[0].dir}\ncandidate: ${builds[1].dir}\n`);
console.log(lines.join("\n"));
