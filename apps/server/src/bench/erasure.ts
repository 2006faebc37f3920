// `npm run bench:erasure`: what erasure costs at 100,000 leads (BENCH_LEADS) on SQLite. Three variants,
// each on the same freshly seeded store: the search index as migration 0007 leaves it (FTS5
// secure-delete: an erased lead's tokens leave the index in the deleting transaction, then the WAL is
// truncated); the index before it (0006: contentless_delete, a tombstone per row, the tokens left in
// the segments: the baseline); and the other way to scrub that index (0006, then FTS5's 'optimize',
// which rewrites the whole index, and the WAL truncated). Times the erasure of a person with one lead
// and with 20, BENCH_ROUNDS rounds each (median, p95), and one purge of the leads past retention a
// week into the store's oldest day (DELETE_CHUNK per transaction), the transaction and what follows
// it apart.
import { type Kysely, sql } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DEFAULT_RETENTION } from "@site/contracts";
import { type Database, openDatabase } from "../records/database";
import { MIGRATIONS, migrateToLatest } from "../platform/db/migrations";
import { eraseByEmail, purgeExpired } from "../privacy/data-rights";
import { DELETE_CHUNK } from "../privacy/lead-deletion";
import { SEED_END, SEED_SPAN_MS, searchIndexCaughtUp, seededEmail, seedLeads } from "./seed-leads";

const total = Number(process.env.BENCH_LEADS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const actor = { actorType: "cli" as const, actor: "bench" };
const WEEK_MS = 7 * 86_400_000;

type Variant = "0006: tombstones (before)" | "0006 + 'optimize' after each" | "0007: secure-delete (this)";
const VARIANTS: Variant[] = [
  "0006: tombstones (before)",
  "0006 + 'optimize' after each",
  "0007: secure-delete (this)",
];

/** A fresh SQLite store with the migrations up to 0006, or every migration. */
async function openStore(file: string, latest: boolean): Promise<Database> {
  const database = await openDatabase(`sqlite:${file}`, { migrate: false });
  const migrations = latest
    ? MIGRATIONS
    : Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < "0007"));
  await migrateToLatest(database.db as Kysely<unknown>, { migrations });
  return database;
}

interface Timing {
  /** The erasure's transaction (the rows, their outbox rows and keys, the index, the audit row). */
  delete: number[];
  /** What follows it: truncating the WAL (0007) or rewriting the index (optimize). */
  after: number[];
}

async function measure(variant: Variant, dir: string) {
  const database = await openStore(
    path.join(dir, `${VARIANTS.indexOf(variant)}.sqlite`),
    variant.startsWith("0007"),
  );
  const { db } = database;
  const t0 = performance.now();
  await seedLeads(db, total, null);
  // People with 20 leads each, stored a year ago (not expired).
  const year = new Date(SEED_END - 365 * 86_400_000);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < 20; i++) {
      await database.writeLead({
        lead: {
          kind: "contact",
          name: `Repeat Caller ${r}`,
          email: `repeat${r}@example.com`,
          phone: "020 7946 0555",
          message: `Following up on the intranet for the fourth time (${i}).`,
          isSpam: false,
        },
        now: year,
        channels: ["email"],
      });
    }
  }
  await searchIndexCaughtUp(database);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);

  // The deletion's transaction and what follows it, timed apart. 0006 never truncated the WAL.
  let afterMs = 0;
  const timed: Database = {
    ...database,
    async truncateWal() {
      if (variant === "0006: tombstones (before)") return null;
      const t = performance.now();
      if (variant === "0006 + 'optimize' after each") {
        for (const table of ["leads_fts", "leads_words"]) {
          await sql`insert into ${sql.table(table)} (${sql.table(table)}) values ('optimize')`.execute(db);
        }
      }
      const r = await database.truncateWal();
      afterMs = performance.now() - t;
      return r;
    },
  };
  const run = async (fn: () => Promise<unknown>, into: Timing) => {
    afterMs = 0;
    const t = performance.now();
    await fn();
    into.delete.push(performance.now() - t - afterMs);
    into.after.push(afterMs);
  };

  const one: Timing = { delete: [], after: [] };
  const many: Timing = { delete: [], after: [] };
  const purge: Timing = { delete: [], after: [] };
  for (let r = 0; r < rounds; r++) {
    // Spread over the store, never among the oldest week (the purge's).
    const n = Math.floor(((r + 0.5) / rounds) * total * 0.9);
    await run(() => eraseByEmail(timed, { email: seededEmail(n), now: new Date(), actor }), one);
    await run(() => eraseByEmail(timed, { email: `repeat${r}@example.com`, now: new Date(), actor }), many);
  }
  // The oldest week of the store past 24 months: about 960 leads.
  let purged = 0;
  const now = new Date(SEED_END - SEED_SPAN_MS + WEEK_MS);
  now.setUTCMonth(now.getUTCMonth() + DEFAULT_RETENTION.enquiryMonths);
  await run(async () => {
    purged = (await purgeExpired(timed, { retention: DEFAULT_RETENTION, now, actor })).leadIds.length;
  }, purge);
  await database.close();
  return { variant, seconds, one, many, purge, purged };
}

const stats = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return {
    median: s[s.length >> 1]!,
    p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!,
  };
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

const dir = mkdtempSync(path.join(tmpdir(), "erasure-bench-"));
try {
  const results = [];
  for (const variant of VARIANTS) results.push(await measure(variant, dir));
  console.log(
    `erasure on SQLite, ${total.toLocaleString("en-GB")} leads (+ ${rounds} people with 20 leads each), ` +
      `${rounds} rounds; median (p95) of the deletion's transaction + what follows it`,
  );
  console.log("| variant | seeded | erase 1 lead | erase 20 leads | purge of a week |");
  console.log("| --- | --: | --: | --: | --: |");
  const base = results[0]!;
  for (const r of results) {
    const cell = (t: Timing, b: Timing) => {
      const total = t.delete.map((d, i) => d + t.after[i]!);
      const { median, p95 } = stats(total);
      const ratio = median / stats(b.delete.map((d, i) => d + b.after[i]!)).median;
      return `${ms(stats(t.delete).median)} + ${ms(stats(t.after).median)} = ${ms(median)} (p95 ${ms(p95)}), ×${ratio.toFixed(2)}`;
    };
    console.log(
      `| ${r.variant} | ${r.seconds} s | ${cell(r.one, base.one)} | ${cell(r.many, base.many)} | ` +
        `${r.purged} leads: ${cell(r.purge, base.purge)} |`,
    );
  }
  const chunks = Math.ceil(results[2]!.purged / DELETE_CHUNK);
  console.log(
    `The purge deletes ${DELETE_CHUNK} leads per transaction: ${chunks} transactions, ` +
      `${ms(results[2]!.purge.delete[0]! / chunks)} each on average (lead intake waits at most one).`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
