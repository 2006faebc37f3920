import BetterSqlite3 from "better-sqlite3";
import { existsSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "../records/database";
import { cliActor, recordAudit } from "../records/audit";

export interface BackupResult {
  file: string;
  leads: number;
  bytes: number;
}

/**
 * A consistent copy of the SQLite store through SQLite's online backup API, while the services keep
 * writing: the copy is one snapshot (taken in a single step, so concurrent commits cannot restart it)
 * holding every transaction committed before it began. It is written beside FILE, opened, checked with
 * PRAGMA integrity_check and only then renamed to FILE; an existing FILE is never overwritten.
 */
export async function backupSqlite(database: Database, out: string): Promise<BackupResult> {
  if (database.dialect !== "sqlite") {
    throw new Error(
      "backup copies the SQLite store; for PostgreSQL use pg_dump (docs/data-rights.md: Backups)",
    );
  }
  const file = path.resolve(out);
  if (existsSync(file)) throw new Error(`${file} exists; choose a new file name`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  // Every lead is in the copy: readable by its owner only, from its first byte (as an export).
  writeFileSync(partial, "", { mode: 0o600, flag: "wx" });
  const source = new BetterSqlite3(database.location, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new BetterSqlite3(partial, { fileMustExist: true });
  let leads: number;
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`the copy failed PRAGMA integrity_check: ${String(check)}`);
    // A single file: no -wal beside it that a restore could lose.
    copy.pragma("journal_mode = DELETE");
    leads = Number((copy.prepare("select count(*) as n from leads").get() as { n: number }).n);
  } catch (err) {
    copy.close();
    rmSync(partial, { force: true });
    throw err;
  }
  copy.close();
  renameSync(partial, file);
  const { size } = statSync(file);
  await recordAudit(database.db, { ...cliActor(), action: "backup", detail: { leads } }, new Date());
  return { file, leads, bytes: size };
}
