// `npm run bench:challenge`: what the proof-of-work challenge (decision 0023) costs a visitor's device.
// Starts `npm start` (scripts/start.mjs) on a fresh database with the site's build (`npm run build`
// first, with this shell's ports), opens /contact in Debian's Chromium and touches the form, as a
// visitor does, once per run: the page fetches a challenge from the contact service and solves it with
// altcha-lib over WebCrypto. Runs alternate between an unthrottled CPU and one slowed 4× (Chrome
// DevTools Protocol `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile setting), so both see the
// same machine load. Prints, for each, the median and range of the solve (the performance measure
// `challenge-solve` of apps/web/app/lib/challenge.ts), of "ready" (from the first touch to a solution
// in hand: the challenge's fetch, the solver's chunk and the solve), and the longest main-thread task
// while solving, while loading the solver, and in a second before the touch with the page left alone.
// `--runs N` (default 9 of each); CHALLENGE_COST as the server reads it.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";
import { freshDatabase } from "./fresh-database.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "9" } } });
const runs = Number(values.runs);
const site = `http://localhost:${process.env.PORT ?? 3000}`;
const contact = `http://localhost:${process.env.CONTACT_PORT ?? 8081}`;
const database = `sqlite:${path.join(os.tmpdir(), `challenge-bench-${process.env.PORT ?? 3000}`, "leads.sqlite")}`;
const RATES = [1, 4];

await freshDatabase(database);
const server = spawn(process.execPath, ["scripts/start.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, DATABASE_URL: database, ALLOWED_ORIGINS: site, LOG_LEVEL: "warn" },
});

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** One visit: the form touched, the solution in hand; the solve, "ready" and the longest task in ms. */
async function visit(page, rate) {
  await page.goto(`${site}/contact`);
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  const result = await page.evaluate(async () => {
    /** Watches the main thread's long tasks (over 50 ms); the returned function stops and lists them. */
    const watchTasks = () => {
      const tasks = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
      observer.observe({ type: "longtask" });
      return () => {
        tasks.push(...observer.takeRecords());
        observer.disconnect();
        return tasks;
      };
    };
    const longest = (tasks) => Math.max(0, ...tasks.map((t) => t.duration));
    // The page left alone for a second first: its own long tasks, to tell from the solver's.
    const idleTasks = watchTasks();
    await new Promise((r) => setTimeout(r, 1000));
    const idle = longest(idleTasks());
    const solvingTasks = watchTasks();
    const touched = performance.now();
    document.querySelector("form input[name='name']").focus();
    for (;;) {
      const [solve] = performance.getEntriesByName("challenge-solve");
      if (solve) {
        const tasks = solvingTasks();
        return {
          solve: solve.duration,
          ready: solve.startTime + solve.duration - touched,
          // Before the solve: the challenge's fetch and the solver's chunk; then the solve itself.
          loading: longest(tasks.filter((t) => t.startTime < solve.startTime)),
          solving: longest(tasks.filter((t) => t.startTime >= solve.startTime)),
          idle,
        };
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();
  return result;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => `${Math.round(x)} ms`;
/** The longest task of the runs; the browser reports only tasks over 50 ms. */
const longest = (r, key) => {
  const max = Math.max(...r.map((x) => x[key]));
  return max > 0 ? ms(max) : "under 50 ms";
};

let browser;
try {
  await Promise.all([waitFor(`${site}/`), waitFor(`${contact}/healthz`)]);
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
  const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await visit(page, 1); // warm-up: the server's first challenge, the browser's caches
  const seen = Object.fromEntries(RATES.map((r) => [r, []]));
  for (let i = 0; i < runs; i++) for (const rate of RATES) seen[rate].push(await visit(page, rate));
  console.log(
    `challenge: cost ${process.env.CHALLENGE_COST ?? "5000 (default)"}, ${runs} runs each, ${os.cpus().length} CPUs (${os.cpus()[0]?.model})`,
  );
  for (const rate of RATES) {
    const r = seen[rate];
    const solves = r.map((x) => x.solve);
    console.log(
      `CPU ${rate === 1 ? "unthrottled " : `slowed ${rate}×`}: solve median ${ms(median(solves))} (${ms(Math.min(...solves))}–${ms(Math.max(...solves))}), ` +
        `ready median ${ms(median(r.map((x) => x.ready)))}; longest main-thread task while solving ${longest(r, "solving")}, ` +
        `while loading the solver ${longest(r, "loading")}, with the page left alone ${longest(r, "idle")}`,
    );
  }
} finally {
  await browser?.close();
  server.kill("SIGTERM");
}
