// The real-user speed tables: adding counts (one dialect-neutral upsert per table), the purge, and the
// reads behind the desk's "Site speed" screen.
import type { CompiledQuery, Kysely } from "kysely";
import type { Database } from "../platform/db/database";
import type { DB } from "../platform/db/schema";
import type { VitalsHistogramTable, VitalsViewsTable } from "../platform/db/vitals-schema";

/** Counts to add: rows of the tables, each count added to the stored one. */
export type HistogramCount = VitalsHistogramTable;
export type ViewCount = VitalsViewsTable;

/** Rows per statement: 6 parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const CHUNK = 1000;

/**
 * Adds the counts to the stored ones (INSERT … ON CONFLICT DO UPDATE, the same in SQLite and
 * PostgreSQL), in one transaction: a flush is counted whole or not at all. Each key appears once in
 * `histogram` and once in `views` (PostgreSQL refuses to update a row twice in one statement). On
 * SQLite the transaction runs inside its thread, so it never holds the leads' group commit while this
 * thread's event loop is busy.
 */
export async function addVitalCounts(
  database: Database,
  histogram: readonly HistogramCount[],
  views: readonly ViewCount[],
): Promise<void> {
  const { db } = database;
  const statements: CompiledQuery[] = [];
  for (let i = 0; i < histogram.length; i += CHUNK) {
    statements.push(
      db
        .insertInto("vitals_histogram")
        .values(histogram.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(["day", "route", "device", "metric", "bucket"]).doUpdateSet((eb) => ({
            count: eb("vitals_histogram.count", "+", eb.ref("excluded.count")),
          })),
        )
        .compile(),
    );
  }
  for (let i = 0; i < views.length; i += CHUNK) {
    statements.push(
      db
        .insertInto("vitals_views")
        .values(views.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(["day", "route", "device", "navigation_type"]).doUpdateSet((eb) => ({
            count: eb("vitals_views.count", "+", eb.ref("excluded.count")),
          })),
        )
        .compile(),
    );
  }
  if (statements.length > 0) await database.writeAtomically(statements);
}

/** What a purge of the speed figures removed (or, in a dry run, would remove). */
export interface VitalsPurge {
  /** Distinct days. */
  days: number;
  /** Rows of both tables. */
  rows: number;
}

/** Deletes the figures of every day before `firstKeptDay` (or only counts them, `dryRun`). */
export async function purgeVitalsBefore(
  db: Kysely<DB>,
  firstKeptDay: string,
  dryRun = false,
): Promise<VitalsPurge> {
  const days = new Set<string>();
  let rows = 0;
  for (const table of ["vitals_histogram", "vitals_views"] as const) {
    const found = await db
      .selectFrom(table)
      .select(["day", (eb) => eb.fn.countAll().as("n")])
      .where("day", "<", firstKeptDay)
      .groupBy("day")
      .execute();
    for (const r of found) days.add(r.day);
    if (dryRun) rows += found.reduce((n, r) => n + Number(r.n), 0);
    else
      rows += Number(
        (await db.deleteFrom(table).where("day", "<", firstKeptDay).executeTakeFirst()).numDeletedRows,
      );
  }
  return { days: days.size, rows };
}
