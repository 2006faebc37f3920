import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { BatchOutcome, LeadWrite } from "../leads/lead-store";
import type { ThreadError, ThreadReply, ThreadRequest } from "./sqlite-thread";

// Kysely's SQLite dialect, with three changes:
//
// - The connection lives in its own thread (sqlite-thread.ts): queries and the fsync of each COMMIT
//   wait there, not on the event loop that serves requests.
// - Transactions begin IMMEDIATE, taking the write lock (waiting up to busy_timeout) before their
//   first read. A deferred transaction that reads and then writes fails with SQLITE_BUSY_SNAPSHOT,
//   without waiting, when another connection (another process) committed in between.
// - Migrations run in one such transaction (SQLite's DDL is transactional): that transaction is the
//   lock between processes starting on the same file, and a start interrupted half-way rolls back.

/** apps/server/dist/sqlite-thread.js, from src/db/ (tests) as from any bundle in dist/. */
function threadScript(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return path.join(dir, "dist", "sqlite-thread.js");
}

/** One connection at a time, as Kysely's own SQLite driver: a transaction holds it to its end. */
class Mutex {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;
  async lock() {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }
  unlock() {
    const release = this.release;
    this.held = this.release = undefined;
    release?.();
  }
}

const asError = (e: ThreadError) => Object.assign(new Error(e.message), { code: e.code });

type Request = DistributiveOmit<ThreadRequest, "id">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

class ThreadConnection implements DatabaseConnection {
  private nextId = 0;
  private stopped: Error | undefined;
  private readonly pending = new Map<number, { resolve(r: ThreadReply): void; reject(e: Error): void }>();

  constructor(private readonly worker: Worker) {
    worker.on("message", (r: ThreadReply) => {
      const p = this.pending.get(r.id);
      this.pending.delete(r.id);
      p?.resolve(r);
    });
    worker.on("exit", () => this.failAll(new Error("the SQLite thread has stopped")));
    worker.on("error", (err) => this.failAll(err));
  }

  private failAll(err: Error) {
    this.stopped ??= err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  async request(message: Request): Promise<ThreadReply> {
    if (this.stopped) throw this.stopped;
    const id = this.nextId++;
    const reply = await new Promise<ThreadReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
    if ("error" in reply) throw asError(reply.error);
    return reply;
  }

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.request({ sql, parameters });
    if ("rows" in reply) return { rows: reply.rows as R[] };
    if (!("changes" in reply)) throw new Error("unexpected answer from the SQLite thread");
    return {
      rows: [],
      numAffectedRows: BigInt(reply.changes),
      insertId: BigInt(reply.lastInsertRowid),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error("the SQLite thread does not stream");
  }
}

class SqliteThreadDriver implements Driver {
  private readonly mutex = new Mutex();
  private started: Promise<ThreadConnection> | undefined;
  private worker: Worker | undefined;

  constructor(private readonly file: string) {}

  /** Starts the thread once (Kysely calls this before the first query; writeLeads may come first). */
  init(): Promise<void> {
    this.started ??= this.start();
    return this.started.then(() => undefined);
  }

  private async start(): Promise<ThreadConnection> {
    const worker = new Worker(threadScript(), { workerData: { file: this.file } });
    this.worker = worker;
    await new Promise<void>((resolve, reject) => {
      worker.once("message", (m: { ready?: true; failed?: ThreadError }) =>
        m.failed ? reject(asError(m.failed)) : resolve(),
      );
      worker.once("error", reject);
    });
    return new ThreadConnection(worker);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.started!;
    await this.mutex.lock();
    return connection;
  }

  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection() {
    this.mutex.unlock();
  }

  /** A batch of leads in one transaction of the thread, between other uses of the connection. */
  async writeLeads(writes: LeadWrite[]): Promise<BatchOutcome[]> {
    await this.init();
    const connection = (await this.acquireConnection()) as ThreadConnection;
    try {
      const reply = await connection.request({ leads: writes });
      if (!("outcomes" in reply)) throw new Error("unexpected answer from the SQLite thread");
      return reply.outcomes;
    } finally {
      await this.releaseConnection();
    }
  }

  async destroy() {
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.postMessage("close");
    await exited;
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class SqliteThreadDialect implements Dialect {
  private readonly driver: SqliteThreadDriver;

  constructor(file: string) {
    this.driver = new SqliteThreadDriver(file);
  }

  createDriver(): Driver {
    return this.driver;
  }

  /** Commits a batch of leads in one transaction (one round trip to the thread). */
  writeLeads(writes: LeadWrite[]): Promise<BatchOutcome[]> {
    return this.driver.writeLeads(writes);
  }

  createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
