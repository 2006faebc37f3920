// The CPU slowdown `npm run perf` simulates a phone with on mobile, calibrated to this machine's speed
// as Lighthouse's throttling guide prescribes ("Calibrating the CPU slowdown", docs/throttling.md):
// Lighthouse multiplies the page's CPU time on the host by 4, which is right for a high-end desktop
// (benchmark index 1,500-2,000) and puts it among mid-tier phones; on a slower host the same 4× simulates
// a slower phone than that. This shared machine measured 1,150-2,100 within one CI run, and every
// budgeted time (TBT above all) followed it (docs/decisions/0027-calibrated-cpu-slowdown.md). So before
// the mobile runs the host's index is measured with Lighthouse's own benchmark, in the browser the runs
// use, and below 1,500 the slowdown is scaled down with it: index × 4 / 1,500, never under 2. Done
// before each pass over the routes: the machine's speed moves within minutes.
// PERF_CPU_SLOWDOWN=4 fixes the slowdown instead (Lighthouse's default, no calibration).
import { chromium } from "@playwright/test";
import { chromiumFlags, lighthouseChromiumPath } from "./chromium.mjs";
import { importLighthouseFile } from "./lhci-lighthouse.mjs";
import { median } from "./median.mjs";

/** Lighthouse's mobile slowdown, meant for a host at or above this benchmark index. */
export const lighthouseSlowdown = 4;
export const referenceIndex = 1500;
/** The least slowdown calibration may choose (the guide's figure for a low-end desktop). */
export const minimumSlowdown = 2;

/** The slowdown for a host of this benchmark index, to one decimal. */
export function slowdownFor(benchmarkIndex) {
  const scaled = (lighthouseSlowdown * Math.min(benchmarkIndex, referenceIndex)) / referenceIndex;
  return Math.round(Math.max(minimumSlowdown, scaled) * 10) / 10;
}

// Lighthouse's benchmark (its report's "CPU/Memory Power"), from the Lighthouse that LHCI runs.
const { pageFunctions } = await importLighthouseFile("core/lib/page-functions.js");

/**
 * Measures the host's benchmark index `samples` times (about 1 s each) in one page of the headless
 * browser the runs use, and returns the median and the slowdown for it.
 */
export async function calibrateCpuSlowdown(samples = 5) {
  const browser = await chromium.launch({
    executablePath: lighthouseChromiumPath,
    args: chromiumFlags.filter((f) => f !== "--headless"),
  });
  try {
    const page = await browser.newPage();
    const indexes = [];
    for (let i = 0; i < samples; i++) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    const benchmarkIndex = Math.round(median(indexes));
    return { benchmarkIndex, indexes, slowdown: slowdownFor(benchmarkIndex) };
  } finally {
    await browser.close();
  }
}

/** Mobile's slowdown: PERF_CPU_SLOWDOWN as given, or calibrated now (and printed). */
export async function cpuSlowdown() {
  if (process.env.PERF_CPU_SLOWDOWN) return { slowdown: Number(process.env.PERF_CPU_SLOWDOWN) };
  const c = await calibrateCpuSlowdown();
  console.log(
    `perf: benchmark index ${c.benchmarkIndex} (${c.indexes.join(", ")}), CPU slowdown ${c.slowdown}×`,
  );
  return c;
}

/** The slowdowns of a preset's passes, for a report's heading. */
export function describeSlowdown(list) {
  const slowdowns = list.map((c) => `${c.slowdown}×`).join(", ");
  const indexes = list.map((c) => c.benchmarkIndex).filter(Boolean);
  return indexes.length
    ? `CPU ${slowdowns} slower than this machine at benchmark index ${indexes.join(", ")}`
    : `CPU ${slowdowns} slower`;
}
