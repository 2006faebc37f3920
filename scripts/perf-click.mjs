// `npm run perf:click -- --baseline DIR`: how long a click from / to a service page takes, from the
// click to the new page's heading on screen, in two web builds served side by side (the site role of
// apps/server, each on its own port), runs interleaved. Debian's Chromium, a fresh browser per run, the
// page's CPU slowed 4× and its network set to Lighthouse's mobile figures (150 ms, 1.6 Mbit/s) through
// DevTools. Two ways to click: at once (a tap: pointer down and up), and after the pointer has rested
// 300 ms on the link (a mouse), which is when Speculation Rules' "moderate" eagerness starts to
// prerender the page. DevTools' throttling applies to the page's own requests: a page the browser
// prerenders loads in a target of its own, unthrottled, so the rested click is the best case of a
// prerender (on a phone network it needs the page's load time of rest to be complete).
//   --baseline DIR   a web build (apps/web/build of another checkout)
//   --candidate DIR  default apps/web/build
//   --runs N         runs per build and way (default 7)
//   --ports A,B      default PORT + 10, PORT + 11 (PORT default 3000)
import { chromium } from "@playwright/test";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";
import { serveBuild } from "./serve-build.mjs";

const { values: args } = parseArgs({
  options: {
    baseline: { type: "string" },
    candidate: { type: "string", default: "apps/web/build" },
    runs: { type: "string", default: "7" },
    ports: { type: "string" },
  },
});
if (!args.baseline) throw new Error("--baseline DIR: the web build to compare against");
const port = Number(process.env.PORT || 3000);
const ports = (args.ports ?? `${port + 10},${port + 11}`).split(",").map(Number);
const runs = Math.max(1, Number(args.runs) || 1);
const builds = [
  { name: "baseline", dir: path.resolve(args.baseline), port: ports[0] },
  { name: "candidate", dir: path.resolve(args.candidate), port: ports[1] },
];
const servers = [];
for (const b of builds) servers.push(await serveBuild(b.dir, b.port, b.name));

const target = { path: "/services/internet-services", heading: "Internet Services" };
const ways = { tap: 0, "rest 300 ms": 300 };

/** One click from / to the service page; returns the milliseconds from the click to its heading. */
async function click(origin, restMs) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      localStorage.setItem("cookiesAccepted", "true");
      sessionStorage.setItem("offerPopupShown", "true");
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1638.4 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto(`${origin}/`, { waitUntil: "networkidle" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const link = page.locator(`main a[href="${target.path}"]`).first();
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await page.waitForTimeout(restMs);
    const started = Date.now();
    await link.click({ noWaitAfter: true });
    await page.waitForFunction(
      ({ path, heading }) =>
        location.pathname === path && document.querySelector("h1")?.textContent?.includes(heading),
      target,
      { polling: "raf", timeout: 30_000 },
    );
    return Date.now() - started;
  } finally {
    await browser.close();
  }
}

const results = new Map();
for (let run = 0; run < runs; run++) {
  for (const [way, rest] of Object.entries(ways)) {
    for (const b of run % 2 ? [...builds].reverse() : builds) {
      const key = `${b.name}|${way}`;
      results.set(key, [...(results.get(key) ?? []), await click(`http://localhost:${b.port}`, rest)]);
      process.stderr.write(".");
    }
  }
}
process.stderr.write("\n");
servers.forEach((s) => s.stop());

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor((s.length - 1) / 2);
  return s.length % 2 ? s[m] : (s[m] + s[m + 1]) / 2;
};
console.log(
  `${runs} runs per build and way, interleaved; click → "${target.heading}" heading on ${target.path}`,
);
console.log("| Click | Build | median (range) |\n|---|---|---|");
for (const way of Object.keys(ways)) {
  for (const b of builds) {
    const v = results.get(`${b.name}|${way}`);
    console.log(`| ${way} | ${b.name} | ${median(v)} ms (${Math.min(...v)}–${Math.max(...v)}) |`);
  }
}
process.exit(0);
