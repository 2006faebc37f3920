import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { type CreateResult, type LeadWrite, writeLeadBatch } from "../../records/intake/lead-batch";
import { LeadWriter } from "../../records/intake/lead-writer";
import { migrateToLatest } from "./migrations";
import type { DB } from "./schema";
import { SqliteThreadDialect } from "./sqlite-dialect";

export type Dialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, without credentials (safe to log). */
  location: string;
  /**
   * Stores one lead through the group commit (LeadWriter): committed together with the leads
   * written concurrently, resolved once that transaction is durable. SQLite: the group commit runs
   * in the connection's thread.
   */
  writeLead(write: LeadWrite): Promise<CreateResult>;
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
 * Opens SQLite (better-sqlite3 in its own thread; WAL, synchronous=FULL so a COMMIT is on disk before
 * we answer) or PostgreSQL (pg pool; synchronous_commit stays on) from DATABASE_URL, and runs the
 * migrations.
 * Aborting `signal` while they run rolls them back, closes the database and rejects with its reason.
 */
export async function openDatabase(
  url: string,
  opts: { migrate?: boolean; signal?: AbortSignal } = {},
): Promise<Database> {
  let database: Database;
  if (url.startsWith("sqlite:")) {
    const file = sqlitePath(url);
    mkdirSync(path.dirname(file), { recursive: true });
    const dialect = new SqliteThreadDialect(file);
    const db = new Kysely<DB>({ dialect });
    database = {
      db,
      dialect: "sqlite",
      location: file,
      writeLead: (write) => dialect.writeLead(write),
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
    const writer = new LeadWriter((writes) => db.transaction().execute((trx) => writeLeadBatch(trx, writes)));
    const u = new URL(url);
    database = {
      db,
      dialect: "postgres",
      location: `postgres://${u.host}${u.pathname}`,
      writeLead: (write) => writer.write(write),
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
