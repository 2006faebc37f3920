import type { Kysely, Migration } from "kysely";

/**
 * Consultations (issue 26). A meeting is a lead of kind "consultation" plus a `consultations` row;
 * what makes two meetings of one member impossible is the database's: each meeting holds rows whose
 * primary keys another meeting cannot hold at the same time (docs/decisions/0018):
 * - consultation_cells: every quarter hour of the meeting and of the buffer after it, per member;
 * - consultation_seats: one of the member's numbered seats of that day (the daily cap);
 * - consultation_address_days: the visitor's address (a hash) and the meeting's London date.
 * All go with their lead (ON DELETE CASCADE: erasure and purge), and a cancellation deletes them.
 * Also each member's availability, days off, the company settings (one row) and public holidays,
 * and server_secrets (the HMAC key of the visitor's links, made once, shared by every instance).
 */
export const consultationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("consultations")
      .addColumn("lead_id", "text", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id"))
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("visitor_zone", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("booked_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("released_staff", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
    await db.schema
      .createIndex("consultations_starts_idx")
      .on("consultations")
      .columns(["starts_at"])
      .execute();
    await db.schema
      .createIndex("consultations_staff_booked_idx")
      .on("consultations")
      .columns(["staff_id", "booked_at"])
      .execute();

    await db.schema
      .createTable("consultation_cells")
      .addColumn("staff_id", "text", (c) => c.notNull())
      .addColumn("cell", "text", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("consultation_cells_pk", ["staff_id", "cell"])
      .execute();
    await db.schema
      .createIndex("consultation_cells_lead_idx")
      .on("consultation_cells")
      .column("lead_id")
      .execute();
    await db.schema
      .createTable("consultation_seats")
      .addColumn("staff_id", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("seat", "integer", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("consultation_seats_pk", ["staff_id", "day", "seat"])
      .execute();
    await db.schema
      .createIndex("consultation_seats_lead_idx")
      .on("consultation_seats")
      .column("lead_id")
      .execute();
    await db.schema
      .createTable("consultation_address_days")
      .addColumn("address_hash", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("consultation_address_days_pk", ["address_hash", "day"])
      .execute();
    await db.schema
      .createIndex("consultation_address_days_lead_idx")
      .on("consultation_address_days")
      .column("lead_id")
      .execute();

    await db.schema
      .createTable("consultation_settings")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("slot_minutes", "integer", (c) => c.notNull())
      .addColumn("buffer_minutes", "integer", (c) => c.notNull())
      .addColumn("notice_minutes", "integer", (c) => c.notNull())
      .addColumn("horizon_days", "integer", (c) => c.notNull())
      .addColumn("daily_cap", "integer", (c) => c.notNull())
      .addColumn("updated_at", "text")
      .addColumn("updated_by", "text")
      .execute();
    await (db as Kysely<{ consultation_settings: Record<string, number> }>)
      .insertInto("consultation_settings")
      .values({
        id: 1,
        slot_minutes: 30,
        buffer_minutes: 15,
        notice_minutes: 240,
        horizon_days: 30,
        daily_cap: 4,
      })
      .execute();
    await db.schema
      .createTable("consultation_holidays")
      .addColumn("office", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("consultation_holidays_pk", ["office", "day"])
      .execute();
    await db.schema
      .createTable("consultation_members")
      .addColumn("staff_id", "text", (c) => c.primaryKey().references("staff.id").onDelete("cascade"))
      .addColumn("zone", "text", (c) => c.notNull())
      .addColumn("takes_consultations", "integer", (c) => c.notNull())
      .addColumn("hours", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("consultation_days_off")
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id").onDelete("cascade"))
      .addColumn("day", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("consultation_days_off_pk", ["staff_id", "day"])
      .execute();
    await db.schema
      .createTable("server_secrets")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      "server_secrets",
      "consultation_days_off",
      "consultation_members",
      "consultation_holidays",
      "consultation_settings",
      "consultation_address_days",
      "consultation_seats",
      "consultation_cells",
      "consultations",
    ]) {
      await db.schema.dropTable(t).execute();
    }
  },
};
