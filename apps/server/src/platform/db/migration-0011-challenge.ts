import type { Kysely, Migration } from "kysely";

/**
 * The proof-of-work challenge (issue 33). `leads.unverified` is 1 for a form's lead that came without
 * a valid, unused solution: stored all the same, marked in the desk, and no mail goes to the address it
 * typed. `spent_challenges` holds each accepted solution's challenge (its nonce) until the challenge
 * expires, so a solution is accepted once by every instance on the database; rows past `expires_at`
 * are purged.
 */
export const challengeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("leads")
      .addColumn("unverified", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("spent_challenges")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("spent_challenges_expires_idx")
      .on("spent_challenges")
      .column("expires_at")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("spent_challenges").execute();
    await db.schema.alterTable("leads").dropColumn("unverified").execute();
  },
};
