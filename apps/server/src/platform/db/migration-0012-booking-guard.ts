import type { Kysely, Migration } from "kysely";

/**
 * Bookings only from confirmed addresses, and at most a few upcoming per address and per client
 * (issue 33, docs/decisions/0024):
 * - consultations: `hold_until`, the end of an unconfirmed (status `pending`) meeting's hold, and
 *   `hold_count`, how many hold rows it took (its confirmation checks that none was lost);
 * - the hold tables (cells, seats, address days): `held_until`, null for a standing meeting, the
 *   hold's end for a pending one; a row whose `held_until` has passed may be taken by another
 *   booking (an upsert whose WHERE sees the expiry), so a lapsed hold frees its slot with no worker;
 * - consultation_upcoming: numbered seats per address (its hash) and per client (a keyed hash of the
 *   IPv4 address or IPv6 /64) whose rows are held until the meeting starts (or the hold ends):
 *   the caps are primary keys too, so two instances cannot both take the last one;
 * - consultation_settings.confirm_email: the desk's switch (1: a booking waits for its confirmation).
 * SQLite adds one column per statement.
 */
export const bookingGuardMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("consultations").addColumn("hold_until", "text").execute();
    await db.schema.alterTable("consultations").addColumn("hold_count", "integer").execute();
    for (const table of ["consultation_cells", "consultation_seats", "consultation_address_days"]) {
      await db.schema.alterTable(table).addColumn("held_until", "text").execute();
    }
    await db.schema
      .alterTable("consultation_settings")
      .addColumn("confirm_email", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable("consultation_upcoming")
      .addColumn("scope", "text", (c) => c.notNull()) // 'address' | 'client'
      .addColumn("key_hash", "text", (c) => c.notNull())
      .addColumn("seat", "integer", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("held_until", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("consultation_upcoming_pk", ["scope", "key_hash", "seat"])
      .execute();
    await db.schema
      .createIndex("consultation_upcoming_lead_idx")
      .on("consultation_upcoming")
      .column("lead_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("consultation_upcoming").execute();
    for (const table of ["consultation_cells", "consultation_seats", "consultation_address_days"]) {
      await db.schema.alterTable(table).dropColumn("held_until").execute();
    }
    await db.schema.alterTable("consultation_settings").dropColumn("confirm_email").execute();
    await db.schema.alterTable("consultations").dropColumn("hold_count").execute();
    await db.schema.alterTable("consultations").dropColumn("hold_until").execute();
  },
};
