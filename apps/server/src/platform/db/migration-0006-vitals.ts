import type { Kysely, Migration } from "kysely";

/**
 * Real-user speed (issue 17): histograms, not beacons. One row per day (UTC), route pattern, device
 * class, metric and histogram bucket holds how many page views fell in that bucket; one row per day,
 * route, device class and navigation type counts the page views measured. No identifier of a visitor
 * or a page view exists anywhere. The keys begin with the day, so the purge and the desk's windows
 * read a range of the primary key.
 */
export const vitalsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("vitals_histogram")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("route", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .addColumn("metric", "text", (c) => c.notNull())
      .addColumn("bucket", "integer", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("vitals_histogram_pk", ["day", "route", "device", "metric", "bucket"])
      .execute();
    await db.schema
      .createTable("vitals_views")
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("route", "text", (c) => c.notNull())
      .addColumn("device", "text", (c) => c.notNull())
      .addColumn("navigation_type", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("vitals_views_pk", ["day", "route", "device", "navigation_type"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("vitals_views").execute();
    await db.schema.dropTable("vitals_histogram").execute();
  },
};
