import type { Kysely, Migration } from "kysely";

/**
 * Publishing the site's content (issue 25): one row per publish or restore, its git commit, who made
 * it, and its build's course (queued → building → live, or failed; a publish queued behind another is
 * built with the later one: superseded; a live one later replaced by another: replaced).
 */
export const contentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("content_publishes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("commit_sha", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("restored_from", "text")
      .addColumn("staff_id", "text")
      .addColumn("author_name", "text", (c) => c.notNull())
      .addColumn("author_email", "text", (c) => c.notNull())
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("files", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("build_started_at", "text")
      .addColumn("build_finished_at", "text")
      .addColumn("lease_until", "text")
      .addColumn("release", "text")
      .addColumn("error", "text")
      .addColumn("push_error", "text")
      .execute();
    await db.schema
      .createIndex("content_publishes_status_idx")
      .on("content_publishes")
      .columns(["status", "created_at"])
      .execute();
    await db.schema
      .createIndex("content_publishes_created_at_idx")
      .on("content_publishes")
      .columns(["created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("content_publishes").execute();
  },
};
