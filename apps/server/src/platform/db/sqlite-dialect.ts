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
import { Worker } from "node:worker_threads";
import type {
  ThreadAtomic,
  ThreadAtomicDone,
  ThreadError,
  ThreadJob,
  ThreadReply,
  ThreadSettled,
  ThreadStatement,
} from "./sqlite-thread";

// Kysely's SQLite dialect, with three changes:
//
// - The connection lives in its own thread (sqlite-thread.ts, started from the entry script the
//   opener names), and so does a group commit that entry gives it: queries and the fsync of each
//   COMMIT wait there, not on the event loop that serves requests.
// - Transactions begin IMMEDIATE, taking the write lock (waiting up to busy_timeout) before their
//   first read. A deferred transaction that reads and then writes fails with SQLITE_BUSY_SNAPSHOT,
//   without waiting, when another connection (another process) committed in between.
// - Migrations run in one such transaction (SQLite's DDL is transactional): that transaction is the
//   lock between processes starting on the same file, and a start interrupted half-way rolls back.

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

interface Waiting<T> {
  resolve(value: T): void;
  reject(err: Error): void;
}

/** The thread as Kysely's one connection (statements), and the way jobs go to its group commit. */
class ThreadConnection implements DatabaseConnection {
  private nextId = 0;
  private nextRef = 0;
  private stopped: Error | undefined;
  private readonly statements = new Map<number, Waiting<ThreadReply>>();
  private readonly jobs = new Map<number, Waiting<unknown>>();
  private readonly atomics = new Map<number, Waiting<void>>();

  constructor(private readonly worker: Worker) {
    worker.on("message", (m: ThreadReply | ThreadSettled | ThreadAtomicDone) => {
      if ("atomicDone" in m) {
        const w = this.atomics.get(m.atomicDone);
        this.atomics.delete(m.atomicDone);
        if (m.error) w?.reject(asError(m.error));
        else w?.resolve();
        return;
      }
      if ("settled" in m) {
        for (const s of m.settled) {
          const w = this.jobs.get(s.ref);
          this.jobs.delete(s.ref);
          if ("result" in s) w?.resolve(s.result);
          else w?.reject(asError(s.error));
        }
        return;
      }
      const w = this.statements.get(m.id);
      this.statements.delete(m.id);
      w?.resolve(m);
    });
    worker.on("exit", () => this.failAll(new Error("the SQLite thread has stopped")));
    worker.on("error", (err) => this.failAll(err));
  }

  private failAll(err: Error) {
    this.stopped ??= err;
    for (const waiting of [this.statements, this.jobs, this.atomics] as Map<number, Waiting<never>>[]) {
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    }
  }

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    if (this.stopped) throw this.stopped;
    const id = this.nextId++;
    const reply = await new Promise<ThreadReply>((resolve, reject) => {
      this.statements.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql, parameters } satisfies ThreadStatement);
    });
    if ("error" in reply) throw asError(reply.error);
    if ("rows" in reply) return { rows: reply.rows as R[] };
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

  /**
   * Hands a job to the thread's group commit at once: an idle thread starts its transaction while
   * this thread reads the next requests, and a busy one gathers what comes meanwhile.
   */
  groupCommit(job: unknown): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      const ref = this.nextRef++;
      this.jobs.set(ref, { resolve, reject });
      this.worker.postMessage({ ref, job } satisfies ThreadJob);
    });
  }
  /**
   * Runs the statements in one transaction of the thread's own (BEGIN IMMEDIATE … COMMIT), with no
   * round trip to this thread between them: the group commit waits for it as for any transaction, but
   * not for this thread's event loop.
   */
  writeAtomically(statements: readonly CompiledQuery[]): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      const atomic = this.nextRef++;
      this.atomics.set(atomic, { resolve, reject });
      this.worker.postMessage({
        atomic,
        statements: statements.map((q) => ({ sql: q.sql, parameters: q.parameters })),
      } satisfies ThreadAtomic);
    });
  }
}

class SqliteThreadDriver implements Driver {
  private readonly mutex = new Mutex();
  private started: Promise<ThreadConnection> | undefined;
  private worker: Worker | undefined;

  constructor(
    private readonly file: string,
    private readonly script: string,
  ) {}

  /** Starts the thread once (Kysely calls this before the first query; a job may come first). */
  init(): Promise<void> {
    this.started ??= this.start();
    return this.started.then(() => undefined);
  }

  private async start(): Promise<ThreadConnection> {
    const worker = new Worker(this.script, { workerData: { file: this.file } });
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

  /** Not behind the connection lock: the thread holds a batch back while a transaction is open. */
  async groupCommit(job: unknown): Promise<unknown> {
    await this.init();
    return (await this.started!).groupCommit(job);
  }

  /** Not behind the connection lock either: the thread runs it as a transaction of its own. */
  async writeAtomically(statements: readonly CompiledQuery[]): Promise<void> {
    await this.init();
    return (await this.started!).writeAtomically(statements);
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

  /** `script`: the thread's entry, a module that imports sqlite-thread.ts (and may give it a group commit). */
  constructor(file: string, script: string) {
    this.driver = new SqliteThreadDriver(file, script);
  }

  createDriver(): Driver {
    return this.driver;
  }

  /** Hands a job to the thread's group commit; resolves with its result once its transaction has ended. */
  groupCommit(job: unknown): Promise<unknown> {
    return this.driver.groupCommit(job);
  }

  /** Runs the statements in one transaction inside the thread (see ThreadConnection.writeAtomically). */
  writeAtomically(statements: readonly CompiledQuery[]): Promise<void> {
    return this.driver.writeAtomically(statements);
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
