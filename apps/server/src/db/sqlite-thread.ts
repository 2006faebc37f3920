// The SQLite connection's own thread (built to dist/sqlite-thread.js, started by sqlite-dialect.ts).
// better-sqlite3 is synchronous: run on the main thread, every query, and the fsync of every COMMIT
// (synchronous=FULL), would stop the event loop that serves the site and the services. Here they stop
// only this thread. The main thread sends one message at a time (its connection lock) and waits for
// the answer: one SQL statement, or a whole batch of leads in one transaction (one round trip).
import Sqlite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { parentPort, workerData } from "node:worker_threads";
import { type BatchOutcome, type LeadWrite, writeLeadBatch } from "../leads/lead-store";
import type { DB } from "./schema";

export type ThreadRequest =
  | { id: number; sql: string; parameters: readonly unknown[] }
  | { id: number; leads: LeadWrite[] };

export type ThreadError = { message: string; code?: string | undefined };

export type ThreadReply =
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; outcomes: BatchOutcome[] }
  | { id: number; error: ThreadError };

/** Statements are prepared once per distinct SQL text (a few hundred at most); bounded all the same. */
const MAX_CACHED_STATEMENTS = 1000;

const port = parentPort!;
const toThreadError = (err: unknown): ThreadError => ({
  message: String((err as Error).message),
  code: (err as { code?: string }).code,
});

function open(file: string) {
  const handle = new Sqlite(file);
  // First, so that a second process opening a new file waits for the first instead of failing.
  handle.pragma("busy_timeout = 5000");
  handle.pragma("journal_mode = WAL");
  handle.pragma("synchronous = FULL");
  handle.pragma("foreign_keys = ON");
  return handle;
}

let handle: Sqlite.Database;
try {
  handle = open((workerData as { file: string }).file);
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ failed: toThreadError(err) });
  process.exit(1);
}

const cache = new Map<string, Sqlite.Statement>();
function statement(sql: string): Sqlite.Statement {
  let s = cache.get(sql);
  if (!s) {
    s = handle.prepare(sql);
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
    cache.set(sql, s);
  }
  return s;
}

// The lead batches' queries, built by Kysely here, on the same handle and statement cache.
const kysely = new Kysely<DB>({
  dialect: new SqliteDialect({ database: { prepare: statement, close: () => {} } }),
});

async function writeLeads(writes: LeadWrite[]): Promise<BatchOutcome[]> {
  statement("begin immediate").run();
  try {
    const outcomes = await writeLeadBatch(kysely, writes);
    statement("commit").run();
    return outcomes;
  } catch (err) {
    if (handle.inTransaction) statement("rollback").run();
    throw err;
  }
}

async function answer(m: ThreadRequest): Promise<ThreadReply> {
  try {
    if ("leads" in m) return { id: m.id, outcomes: await writeLeads(m.leads) };
    const s = statement(m.sql);
    if (s.reader) return { id: m.id, rows: s.all(m.parameters) };
    const r = s.run(m.parameters);
    return { id: m.id, changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  } catch (err) {
    return { id: m.id, error: toThreadError(err) };
  }
}

port.on("message", (m: ThreadRequest | "close") => {
  if (m === "close") {
    handle.close();
    port.close();
    return;
  }
  void answer(m).then((reply) => port.postMessage(reply));
});
