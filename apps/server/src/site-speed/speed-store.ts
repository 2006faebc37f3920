// The site speed tables: adding counts (one dialect-neutral upsert per table); the desk's figures read
// them (speed-figures.ts) and the retention purge empties the old days (privacy/site-speed-purge.ts).
import type { CompiledQuery } from "kysely";
import type { Database } from "../records/database";
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
