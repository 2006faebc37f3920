// `npm run bench:leads`: autocannon against POST /contact (a fresh Idempotency-Key on every request,
// as the site sends) beside a bare Fastify route in the same run, then GET / of the site listener
// alone and while POST /contact is flooded (ROLE=all shares one process). Storage: a temporary
// SQLite file with the default settings (WAL, synchronous=FULL), or BENCH_DATABASE_URL=postgres://…
// Loopback only; rate limit effectively off; the outbox worker is not running (no SMTP).
import autocannon from "autocannon";
import { type ChildProcess, fork } from "node:child_process";
import { uuidV7 } from "@site/contracts/uuid";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cpuMeter, formatSplit } from "./cpu-per-request";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Ready {
  contact: string;
  bare: string;
  site: string | null;
  dialect: string;
  location: string;
  webBuildDir: string;
}

// The services run in their own process (bench-target.ts): autocannon here never takes their event
// loop's time, as it did when both ran in one process.
const target: ChildProcess = fork(
  path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-target.js"),
  {
    env: process.env,
    stdio: "inherit",
    // BENCH_TARGET_ARGS: Node flags for the services' process only (e.g. --cpu-prof).
    execArgv: [...process.execArgv, ...(process.env.BENCH_TARGET_ARGS ?? "").split(/\s+/).filter(Boolean)],
  },
);
const ready = await new Promise<Ready>((resolve, reject) => {
  target.once("exit", (code) => reject(new Error(`the bench target exited (${code}) before it was ready`)));
  target.on("message", (m: { ready?: Ready }) => m.ready && resolve(m.ready));
});

async function countLeads(): Promise<number> {
  target.send({ count: true });
  for (;;) {
    const [m] = (await once(target, "message")) as [{ count?: number }];
    if (m.count !== undefined) return m.count;
  }
}

const body = JSON.stringify({
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  message: "We would like a quotation for a new stock management system for three warehouses.",
});
const headers = { "content-type": "application/json" };

interface Row {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
  ok: number;
}

async function run(label: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections, duration, ...opts });
  return {
    label,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: r.requests.total,
    ok: r["2xx"],
  };
}

/** POSTs of the lead body, each with its own Idempotency-Key: a UUIDv7, as the site sends (lib/idempotency.ts). */
const leadPosts = (url: string): autocannon.Options => ({
  url,
  requests: [
    {
      method: "POST",
      path: "/contact",
      body,
      setupRequest: (req) => {
        req.headers = {
          "content-type": "application/json",
          "idempotency-key": uuidV7(randomBytes(16), Date.now()),
        };
        return req;
      },
    },
  ],
});

function print(rows: Row[]) {
  const cells = rows.map((r) => [
    r.label,
    r.rps.toFixed(0),
    `${r.p50} ms`,
    `${r.p99} ms`,
    String(r.errors),
    String(r.total),
  ]);
  const header = ["target", "req/s", "p50", "p99", "errors", "requests"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  for (const r of [header, ...cells]) console.log(r.map((v, i) => v.padEnd(widths[i]!)).join("  "));
}

// Issue 17: the same POST /contact load with a second generator posting 1,000 speed beacons a second
// to /vitals on the same service, as sendBeacon sends them (text/plain JSON).
const beaconBody = JSON.stringify({
  route: "/services/:serviceType",
  navigationType: "navigate",
  device: "mobile",
  metrics: [
    { name: "LCP", value: 2140, rating: "good" },
    { name: "INP", value: 180, rating: "good" },
    { name: "CLS", value: 0.02, rating: "good" },
    { name: "FCP", value: 1320, rating: "good" },
    { name: "TTFB", value: 410, rating: "good" },
  ],
});

async function countPageViews(): Promise<number> {
  target.send({ pageViews: true });
  for (;;) {
    const [m] = (await once(target, "message")) as [{ pageViews?: number }];
    if (m.pageViews !== undefined) return m.pageViews;
  }
}

/**
 * POST /contact (`amount` requests) while a second generator sends 1,000 requests a second to the same
 * service: speed beacons to /vitals, or, as the control, GET /healthz (the cost of 1,000 requests a
 * second on the service's event loop, without the beacons' validation, counting and writes).
 */
async function besideLeads(
  contactUrl: string,
  leadLoad: { amount: number } | { overallRate: number },
  side: "beacons" | "control" | "none",
): Promise<[Row, Row | undefined]> {
  const steady = "overallRate" in leadLoad ? ` at ${leadLoad.overallRate}/s` : "";
  if (side === "none")
    return [await run(`POST /contact${steady} alone`, { ...leadPosts(contactUrl), ...leadLoad }), undefined];
  const before = side === "beacons" ? await countPageViews() : 0;
  const started = Date.now();
  const load = autocannon({
    ...(side === "beacons"
      ? {
          url: `${contactUrl}/vitals`,
          method: "POST",
          headers: { "content-type": "text/plain;charset=UTF-8" },
          body: beaconBody,
        }
      : { url: `${contactUrl}/healthz` }),
    connections: 10,
    overallRate: 1000,
    duration: 3600, // stopped when the leads are in
  });
  const label = `POST /contact${steady} with 1,000 ${side === "beacons" ? "beacons" : "GET /healthz"}/s`;
  const leads = await run(label, { ...leadPosts(contactUrl), ...leadLoad });
  load.stop();
  const b = await load;
  const seconds = (Date.now() - started) / 1000;
  const what =
    side === "beacons"
      ? `POST /vitals (${(await countPageViews()) - before} page views counted)`
      : "GET /healthz";
  const row: Row = {
    label: `  beside it: ${what}`,
    rps: b.requests.total / seconds,
    p50: b.latency.p50,
    p99: b.latency.p99,
    errors: b.errors + b.timeouts + b.non2xx,
    total: b.requests.total,
    ok: b["2xx"],
  };
  return [leads, row];
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

try {
  const { contact: contactUrl, bare: bareUrl, site: siteUrl } = ready;
  console.log(
    `bench:leads — ${duration} s per target, ${connections} connections, loopback, Node ${process.version}, ` +
      `${availableParallelism()} CPUs, ${ready.dialect} (${ready.location}); services in their own process; ` +
      `load average before: ${load()}`,
  );
  const before = await countLeads();
  let meter = cpuMeter(target.pid!);
  const b = await run("bare Fastify route", { url: `${bareUrl}/contact`, method: "POST", headers, body });
  const bareCpu = meter(b.total);
  // A fixed number of requests, all answered before the run ends (a timed run cuts the last ones off
  // after their leads were stored): half the bare route's count, about as long if the goal is met.
  const amount = Math.max(connections * 20, Math.round(b.total / 2));
  meter = cpuMeter(target.pid!);
  const c = await run(`POST /contact (${ready.dialect})`, { ...leadPosts(contactUrl), amount });
  const contactCpu = meter(c.total);
  const stored = (await countLeads()) - before;
  const rows = [b, c];
  const [cv, beside] = await besideLeads(contactUrl, { amount }, "beacons");
  const beacons = beside!;
  const [ch, health] = await besideLeads(contactUrl, { amount }, "control");
  // At a steady 200 leads a second (far above real traffic, well below saturation): the latency.
  const [sa] = await besideLeads(contactUrl, { overallRate: 200 }, "none");
  const [sb] = await besideLeads(contactUrl, { overallRate: 200 }, "beacons");
  rows.push(cv, beacons, ch, health!, sa, sb);

  if (siteUrl) {
    const probe = (label: string) => run(label, { url: `${siteUrl}/`, connections: 1 });
    rows.push(await probe("GET / alone"));
    const [flooded] = await Promise.all([
      probe("GET / during the POST flood"),
      run("flood", leadPosts(contactUrl)),
    ]);
    rows.push(flooded);
  }
  print(rows);
  console.log(`load average after: ${load()}`);
  console.log(
    `ratio: POST /contact runs at ${((c.rps / b.rps) * 100).toFixed(1)}% of the bare route's throughput; ` +
      `201 answers: ${c.ok}, leads stored: ${stored}${stored === c.ok ? " (equal)" : " — MISMATCH"}`,
  );
  console.log(
    `beacons: POST /contact with 1,000 beacons/s beside it ran at ${((cv.rps / c.rps) * 100).toFixed(1)}% of ` +
      `its rate alone (${cv.rps.toFixed(0)} vs ${c.rps.toFixed(0)} req/s, p99 ${cv.p99} vs ${c.p99} ms); ` +
      `${beacons.rps.toFixed(0)} beacons/s, ${beacons.ok} answered 204; with 1,000 GET /healthz/s instead ` +
      `(the control) it ran at ${((ch.rps / c.rps) * 100).toFixed(1)}%; at a steady 200 leads/s, p50/p99 ` +
      `${sa.p50}/${sa.p99} ms alone and ${sb.p50}/${sb.p99} ms with the beacons`,
  );
  if (bareCpu && contactCpu) {
    console.log(
      `CPU per request (µs): ${formatSplit("bare route", bareCpu)}; ${formatSplit("POST /contact", contactCpu)}`,
    );
  }
  if (!siteUrl)
    console.log(`(site phase skipped: no build in ${ready.webBuildDir}; run npm run build first)`);
  if (rows.some((r) => r.errors > 0) || stored !== c.ok) process.exitCode = 1;
} finally {
  target.send({ stop: true });
  await once(target, "exit");
}
