// The services under test of `npm run bench:leads`, in a process of their own (forked by leads.ts), so
// the load generator never shares their event loop: the contact service on a temporary SQLite file
// (or BENCH_DATABASE_URL), a bare Fastify route beside it, and the site when a build exists. Answers
// the parent's messages: "count" (stored leads) and "stop".
import Fastify from "fastify";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../app";
import { loadConfig } from "../platform/config/config";
import { openDatabase } from "../records/database";

const dir = mkdtempSync(path.join(tmpdir(), "leads-bench-"));
const config = loadConfig({
  DATABASE_URL: process.env.BENCH_DATABASE_URL || `sqlite:${path.join(dir, "bench.sqlite")}`,
  RATE_LIMIT_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
  VITALS_RATE_LIMIT_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
  LOG_LEVEL: "silent",
  // dist/bench/bench-target.js → apps/web/build/client
  WEB_BUILD_DIR:
    process.env.WEB_BUILD_DIR ||
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/build/client"),
});
const database = await openDatabase(config.DATABASE_URL);
const contact = await buildApp("contact", { config, database });
const hasSite = existsSync(path.join(config.WEB_BUILD_DIR, "index.html"));
const site = hasSite ? await buildApp("site", { config }) : undefined;
const bare = Fastify({ logger: false });
bare.post("/contact", async (_req, reply) => reply.code(201).send({ id: "0" }));

const listen = (app: { listen(o: { host: string; port: number }): Promise<string> }) =>
  app.listen({ host: "127.0.0.1", port: 0 });

async function countLeads() {
  const r = await database.db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Page views counted from speed beacons (issue 17), once the aggregator's last second is written. */
async function countPageViews() {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const r = await database.db
    .selectFrom("vitals_views")
    .select((eb) => eb.fn.sum<number>("count").as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n ?? 0);
}

process.on("message", (msg: { count?: true; pageViews?: true; stop?: true }) => {
  if (msg.count) void countLeads().then((n) => process.send!({ count: n }));
  if (msg.pageViews) void countPageViews().then((n) => process.send!({ pageViews: n }));
  if (msg.stop) {
    void Promise.all([contact.close(), bare.close(), site?.close()])
      .then(() => database.close())
      .finally(() => {
        rmSync(dir, { recursive: true, force: true });
        // Leaving the IPC channel lets the process end by itself (and write a --cpu-prof profile).
        process.disconnect();
      });
  }
});

process.send!({
  ready: {
    contact: await listen(contact),
    bare: await listen(bare),
    site: site ? await listen(site) : null,
    dialect: database.dialect,
    location: database.location,
    webBuildDir: config.WEB_BUILD_DIR,
  },
});
