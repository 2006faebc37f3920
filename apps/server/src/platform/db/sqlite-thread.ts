// The SQLite connection's own thread: what runs inside it. better-sqlite3 is synchronous: run on the
// main thread, every query, and the fsync of every COMMIT (synchronous=FULL), would stop the event
// loop that serves the site and the services. Here they stop only this thread. It takes three kinds
// of message: one SQL statement (from the main thread's Kysely connection, one at a time), statements
// to run in one transaction of its own, and jobs for the group commit that the thread's entry gives
// it (serveGroupCommit: the jobs that arrive while a transaction commits go together into the next
// one, with no round trip between). Importing this module serves the thread; sqlite-dialect.ts
// starts it from the entry it is given.
import Sqlite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { parentPort, workerData } from "node:worker_threads";
import { indexSearchBacklog, SEARCH_INDEX_CHUNK } from "./search-index";
import { SQLITE_FOLD_CASE } from "./search-text";
import type { DB } from "./schema";

export type ThreadError = { message: string; code?: string | undefined };

export interface ThreadStatement {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
/** Statements to run in one transaction of the thread's own; answered by `atomicDone` with its ref. */
export interface ThreadAtomic {
  atomic: number;
  statements: { sql: string; parameters: readonly unknown[] }[];
}
export type ThreadAtomicDone = { atomicDone: number; error?: ThreadError };
/** A job for the group commit; answered by its `ref` in a `settled` message once its transaction has ended. */
export interface ThreadJob {
  ref: number;
  job: unknown;
}

export type ThreadReply =
  | { id: number; rows: unknown[] }
  | { id: number; changes: number; lastInsertRowid: number | bigint }
  | { id: number; error: ThreadError };
export interface ThreadSettled {
  settled: ({ ref: number; result: unknown } | { ref: number; error: ThreadError })[];
}

/**
 * The group commit a thread's entry gives it (records' LeadWriter): takes jobs, commits them in
 * batches through `exclusive`, and says when it is idle and when a batch has committed.
 */
export interface GroupCommit {
  write(job: unknown): Promise<unknown>;
  /** No job is waiting or being written. */
  readonly idle: boolean;
  /** Called after each committed batch (the thread sets it). */
  afterCommit: (() => void) | undefined;
}

/** Runs `work` in a transaction of its own, once no other transaction is open. */
export type Exclusive = <T>(work: () => Promise<T>) => Promise<T>;

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
  // Erased and purged leads are overwritten with zeros, not left readable in free pages of the file
  // (and so in its backups). Costs a write of each freed page on delete; inserts are unaffected.
  handle.pragma("secure_delete = ON");
  handle.function(SQLITE_FOLD_CASE, { deterministic: true }, (s: unknown) =>
    typeof s === "string" ? s.toLowerCase() : s,
  );
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

// A transaction of the main thread comes one statement per message: a batch of leads waits for its
// end, and a statement that comes during a batch (it cannot: a batch never yields to the event loop;
// kept as a guard) waits for the batch.
let inBatch = false;
const heldStatements: ThreadStatement[] = [];
const transactionEnded: (() => void)[] = [];

function runStatement(m: ThreadStatement) {
  if (inBatch) return void heldStatements.push(m);
  let reply: ThreadReply;
  try {
    const s = statement(m.sql);
    if (s.reader) reply = { id: m.id, rows: s.all(m.parameters) };
    else {
      const r = s.run(m.parameters);
      reply = { id: m.id, changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    }
  } catch (err) {
    reply = { id: m.id, error: toThreadError(err) };
  }
  port.postMessage(reply);
  if (!handle.inTransaction) transactionEnded.splice(0).forEach((resume) => resume());
}

// The group commit's queries, built by Kysely here, on the same handle and statement cache.
const kysely = new Kysely<DB>({
  dialect: new SqliteDialect({ database: { prepare: statement, close: () => {} } }),
});

/**
 * Runs `work` in a transaction of its own (BEGIN IMMEDIATE) once the main thread's transaction, if
 * one is open, has ended; the main thread's statements wait meanwhile. One at a time.
 */
let exclusiveTail: Promise<unknown> = Promise.resolve();
const exclusive: Exclusive = <T>(work: () => Promise<T>): Promise<T> => {
  const run = async () => {
    while (handle.inTransaction) await new Promise<void>((resume) => transactionEnded.push(resume));
    inBatch = true;
    try {
      statement("begin immediate").run();
      try {
        const result = await work();
        statement("commit").run();
        return result;
      } catch (err) {
        if (handle.inTransaction) statement("rollback").run();
        throw err;
      }
    } finally {
      inBatch = false;
      heldStatements.splice(0).forEach(runStatement);
      transactionEnded.splice(0).forEach((resume) => resume());
    }
  };
  const done = exclusiveTail.then(run, run);
  exclusiveTail = done.catch(() => {});
  return done;
};

/** The group commit the thread's entry gives it (serveGroupCommit); none until then. */
let writer: GroupCommit | undefined;
const idle = () => writer?.idle ?? true;

// The search index (migration 0005): leads wait in search_backlog, whoever stored them (this process
// or another on the same file), and are indexed here in chunks of their own transactions: once intake
// has been quiet for SEARCH_INDEX_QUIET_MS, and under a sustained flood one chunk between two group
// commits every SEARCH_INDEX_LAG_MS (an indexing transaction costs a commit of its own, so it must not
// follow every group commit).
const SEARCH_INDEX_QUIET_MS = 50;
const SEARCH_INDEX_LAG_MS = 1_000;
let lastIndexed = 0;
let lastCommit = 0;
let indexing = false;
let quietTimer: NodeJS.Timeout | undefined;
function backlogEmpty() {
  try {
    return statement("select 1 from search_backlog limit 1").get() === undefined;
  } catch {
    return true; // not migrated yet
  }
}
/** Indexes a chunk, and goes on while intake stays idle. */
async function indexSearch() {
  if (indexing || inBatch || backlogEmpty()) return;
  indexing = true;
  try {
    for (;;) {
      const n = await exclusive(() => indexSearchBacklog(kysely));
      lastIndexed = Date.now();
      if (n < SEARCH_INDEX_CHUNK || !idle()) break;
    }
  } catch {
    // The next chance tries again (a failure here never affects intake).
  } finally {
    indexing = false;
  }
}
function whenQuiet() {
  quietTimer = undefined;
  const quietFor = Date.now() - lastCommit;
  if (quietFor < SEARCH_INDEX_QUIET_MS || !idle()) {
    quietTimer = setTimeout(whenQuiet, Math.max(1, SEARCH_INDEX_QUIET_MS - quietFor));
  } else void indexSearch();
}
const afterCommit = () => {
  lastCommit = Date.now();
  if (lastCommit - lastIndexed >= SEARCH_INDEX_LAG_MS) void indexSearch();
  quietTimer ??= setTimeout(whenQuiet, SEARCH_INDEX_QUIET_MS);
};
// Leads left in the backlog by a process that stopped, or stored by another process on this file.
const indexTimer = setInterval(() => {
  if (idle()) void indexSearch();
}, 1_000);

// Answers go back together: those settled by one transaction in one message.
let settled: ThreadSettled["settled"] = [];
function answer(entry: ThreadSettled["settled"][number]) {
  if (settled.push(entry) === 1) {
    queueMicrotask(() => {
      port.postMessage({ settled } satisfies ThreadSettled);
      settled = [];
    });
  }
}

port.on("message", (m: ThreadStatement | ThreadJob | ThreadAtomic | "close") => {
  if (m === "close") {
    clearInterval(indexTimer);
    clearTimeout(quietTimer);
    handle.close();
    port.close();
  } else if ("job" in m) {
    const { ref } = m;
    if (!writer) return answer({ ref, error: { message: "this SQLite thread takes no jobs" } });
    writer.write(m.job).then(
      (result) => answer({ ref, result }),
      (err: unknown) => answer({ ref, error: toThreadError(err) }),
    );
  } else if ("atomic" in m) {
    const done = { atomicDone: m.atomic };
    exclusive(async () => {
      for (const s of m.statements) statement(s.sql).run(s.parameters);
    }).then(
      () => port.postMessage(done satisfies ThreadAtomicDone),
      (err: unknown) => port.postMessage({ ...done, error: toThreadError(err) } satisfies ThreadAtomicDone),
    );
  } else runStatement(m);
});

/**
 * Gives the thread its group commit (the thread's entry calls it once, as it starts): `make` gets the
 * thread's Kysely and `exclusive`, and its batches' commits let the search index keep up.
 */
export function serveGroupCommit(make: (kysely: Kysely<DB>, exclusive: Exclusive) => GroupCommit) {
  writer = make(kysely, exclusive);
  writer.afterCommit = afterCommit;
}
