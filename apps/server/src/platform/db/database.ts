import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateToLatest } from "./migrations";
import type { DB } from "./schema";
import { SqliteThreadDialect } from "./sqlite-dialect";

export type Dialect = "sqlite" | "postgres";

/**
 * The database as the platform opens it: Kysely, and what the layers above need of the connection.
 * records/database.ts adds the leads' group commit and is what the rest of the server opens.
 */
export interface Connection {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, without credentials (safe to log). */
  location: string;
  /**
   * SQLite: hands a job to the group commit that runs in the connection's thread (the thread's entry
   * gives it one); resolves once the transaction holding it is durable. PostgreSQL: undefined (the
   * group commit runs in this thread, over `db`).
   */
  groupCommit: ((job: unknown) => Promise<unknown>) | undefined;
  /**
   * Runs the statements in one transaction. SQLite: inside its thread, with no round trip to the event
   * loop between them (a transaction of the main thread holds the group commit for every hop).
   */
  writeAtomically(statements: readonly CompiledQuery[]): Promise<void>;
  /**
   * After an erasure or purge. SQLite: checkpoints the write-ahead log into the file and truncates it,
   * so no earlier version of a deleted row's pages stays in the `-wal` file (the file's own pages are
   * overwritten as rows are deleted: secure_delete); false when another connection's read kept it
   * from finishing. PostgreSQL: null, its WAL is the server's (docs/erasure.md says what to run).
   */
  truncateWal(): Promise<boolean | null>;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** `sqlite:/abs/path.sqlite` → `/abs/path.sqlite`. */
export function sqlitePath(url: string): string {
  const p = decodeURIComponent(url.replace(/^sqlite:(\/\/)?/, ""));
  if (!path.isAbsolute(p)) throw new Error(`DATABASE_URL must name an absolute SQLite path, got ${url}`);
  return p;
}

/**
 * Opens SQLite (better-sqlite3 in its own thread, started from `sqliteThread`; WAL, synchronous=FULL so
 * a COMMIT is on disk before we answer) or PostgreSQL (pg pool; synchronous_commit stays on) from
 * DATABASE_URL, and runs the migrations.
 * Aborting `signal` while they run rolls them back, closes the database and rejects with its reason.
 */
export async function connectDatabase(
  url: string,
  opts: { sqliteThread: string; migrate?: boolean | undefined; signal?: AbortSignal | undefined },
): Promise<Connection> {
  let database: Connection;
  if (url.startsWith("sqlite:")) {
    const file = sqlitePath(url);
    mkdirSync(path.dirname(file), { recursive: true });
    const dialect = new SqliteThreadDialect(file, opts.sqliteThread);
    const db = new Kysely<DB>({ dialect });
    database = {
      db,
      dialect: "sqlite",
      location: file,
      groupCommit: (job) => dialect.groupCommit(job),
      writeAtomically: (statements) => dialect.writeAtomically(statements),
      async truncateWal() {
        // Waits (busy_timeout) for readers of older snapshots; `busy` is 1 when they outlasted it.
        const r = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
        return r.rows[0]?.busy === 0;
      },
      async ping() {
        // Reports a stopped connection or a vanished/unreadable file.
        await sql`select 1 from leads limit 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  } else if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on("error", () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const u = new URL(url);
    database = {
      db,
      dialect: "postgres",
      location: `postgres://${u.host}${u.pathname}`,
      groupCommit: undefined,
      async writeAtomically(statements) {
        await db.transaction().execute(async (trx) => {
          for (const q of statements) await trx.executeQuery(q);
        });
      },
      truncateWal: async () => null,
      async ping() {
        await sql`select 1 from leads limit 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  } else {
    throw new Error("DATABASE_URL must be sqlite:/abs/path.sqlite or postgres://…");
  }
  if (opts.migrate !== false) {
    try {
      // SQLite waits for another process's lock in short steps while migrating, so signals get through.
      if (database.dialect === "sqlite") await sql`pragma busy_timeout = 50`.execute(database.db);
      await migrateToLatest(database.db as Kysely<unknown>, { signal: opts.signal });
      if (database.dialect === "sqlite") await sql`pragma busy_timeout = 5000`.execute(database.db);
      opts.signal?.throwIfAborted();
    } catch (err) {
      await database.close().catch(() => {});
      throw err;
    }
  }
  return database;
}
