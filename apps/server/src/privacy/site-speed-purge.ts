// The speed figures' part of the retention purge: the daily histograms of the days more than
// `retention.vitalsDays` old go (site-speed/ adds them; what is kept, and how long, is privacy's).
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";

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
