import Sqlite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateToLatest } from "./migrations";
import type { DB } from "./schema";

type Dialect = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, without credentials (safe to log). */
  location: string;
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
 * Opens SQLite (better-sqlite3; WAL, synchronous=FULL so a COMMIT is on disk before we answer) or
 * PostgreSQL (pg pool; synchronous_commit stays on) from DATABASE_URL, and runs the migrations.
 */
export async function openDatabase(url: string, opts: { migrate?: boolean } = {}): Promise<Database> {
  let database: Database;
  if (url.startsWith("sqlite:")) {
    const file = sqlitePath(url);
    mkdirSync(path.dirname(file), { recursive: true });
    const handle = new Sqlite(file);
    handle.pragma("journal_mode = WAL");
    handle.pragma("synchronous = FULL");
    handle.pragma("busy_timeout = 5000");
    handle.pragma("foreign_keys = ON");
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: handle }) });
    database = {
      db,
      dialect: "sqlite",
      location: file,
      async ping() {
        // Direct call: reports a closed handle or a vanished/unreadable file.
        handle.prepare("select 1 from leads limit 1").get();
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
      await migrateToLatest(database.db as Kysely<unknown>);
    } catch (err) {
      await database.close().catch(() => {});
      throw err;
    }
  }
  return database;
}
