// `npm run bench:leads`: autocannon against POST /contact on the default SQLite storage settings
// (WAL, synchronous=FULL, one transaction per lead), beside a bare Fastify route in the same run.
// Loopback only; rate limit effectively off; the outbox worker is not running (no SMTP).
import autocannon from "autocannon";
import Fastify from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/database";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dir = mkdtempSync(path.join(tmpdir(), "leads-bench-"));
const config = loadConfig({
  DATABASE_URL: `sqlite:${path.join(dir, "bench.sqlite")}`,
  RATE_LIMIT_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
  LOG_LEVEL: "silent",
});
const database = await openDatabase(config.DATABASE_URL);
const contact = await buildApp("contact", { config, database });
const bare = Fastify({ logger: false });
bare.post("/contact", async (_req, reply) => reply.code(201).send({ id: "0" }));

const body = JSON.stringify({
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  message: "We would like a quotation for a new stock management system for three warehouses.",
});
const headers = { "content-type": "application/json" };

async function run(label: string, url: string) {
  const r = await autocannon({ url, method: "POST", headers, body, connections, duration });
  return {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: r.requests.total,
  };
}

try {
  const contactUrl = await contact.listen({ host: "127.0.0.1", port: 0 });
  const bareUrl = await bare.listen({ host: "127.0.0.1", port: 0 });
  console.log(
    `bench:leads — ${duration} s per target, ${connections} connections, loopback, Node ${process.version}`,
  );
  const results = [await run("bare Fastify route", `${bareUrl}/contact`)];
  results.push(await run("POST /contact (SQLite)", `${contactUrl}/contact`));
  const [b, c] = results as [(typeof results)[0], (typeof results)[0]];
  const stored = await database.db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();

  const rows = results.map((r) => [
    r.label,
    r.rps.toFixed(0),
    `${r.p50} ms`,
    `${r.p99} ms`,
    String(r.errors),
    String(r.total),
  ]);
  const header = ["target", "req/s", "p50", "p99", "errors", "requests"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const r of [header, ...rows]) console.log(r.map((v, i) => v.padEnd(widths[i]!)).join("  "));
  console.log(
    `ratio: POST /contact runs at ${((c.rps / b.rps) * 100).toFixed(1)}% of the bare route's throughput ` +
      `(${(b.rps / c.rps).toFixed(1)}x slower); leads stored: ${String(stored.n)}`,
  );
  if (c.errors > 0 || b.errors > 0) process.exitCode = 1;
} finally {
  await contact.close();
  await bare.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
