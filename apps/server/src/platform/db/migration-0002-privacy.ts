import { type Kysely, type Migration, sql } from "kysely";

/**
 * Issue 15: the company's control over its leads.
 * - outbox: one delivery row per (lead, channel) — email, webhook, autoreply — each with its own
 *   attempts, backoff, lease and state; queued_at starts its expiry, given_up_at ends it. Existing
 *   rows become email deliveries.
 * - leads.last_activity_at: when the company last had contact with the person (retention counts from
 *   it; the desk moves it); an index on lower(email) for the rights of the person.
 * - idempotency_keys.lead_id: a key goes with its lead on erasure and purge.
 * - audit_log: who did what to how many leads, ids only, never personal data.
 * - autoreply_log: when an address last got a confirmation (a hash of it, not the address).
 */
export const privacyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("deliveries")
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("queued_at", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "text", (c) => c.notNull())
      .addColumn("last_error", "text")
      .addColumn("last_attempt_at", "text")
      .addColumn("sent_at", "text")
      .addColumn("given_up_at", "text")
      .addColumn("message_id", "text")
      .addColumn("locked_until", "text")
      .addColumn("claim_token", "text")
      .addPrimaryKeyConstraint("outbox_channel_pk", ["lead_id", "channel"])
      .execute();
    await sql`insert into deliveries (lead_id, channel, queued_at, attempts, next_attempt_at, last_error,
        last_attempt_at, sent_at, message_id, locked_until, claim_token)
      select o.lead_id, 'email', l.created_at, o.attempts, o.next_attempt_at, o.last_error,
        o.last_attempt_at, o.sent_at, o.message_id, o.locked_until, o.claim_token
      from outbox o join leads l on l.id = o.lead_id`.execute(db);
    await db.schema.dropTable("outbox").execute();
    await db.schema.alterTable("deliveries").renameTo("outbox").execute();
    await db.schema
      .createIndex("outbox_due_idx")
      .on("outbox")
      .columns(["sent_at", "next_attempt_at"])
      .execute();

    await db.schema.alterTable("leads").addColumn("last_activity_at", "text").execute();
    await sql`update leads set last_activity_at = created_at`.execute(db);
    await db.schema
      .createIndex("leads_retention_idx")
      .on("leads")
      .columns(["is_spam", "last_activity_at"])
      .execute();
    await db.schema
      .createIndex("leads_email_idx")
      .on("leads")
      .expression(sql`lower(email)`)
      .execute();

    await db.schema.alterTable("idempotency_keys").addColumn("lead_id", "text").execute();
    // Keys of the last 24 h name their lead in the first answer ({"id": …}); older ones expire anyway.
    const keys = await sql<{ kind: string; key: string; response_body: string }>`
      select kind, key, response_body from idempotency_keys where status_code = 201`.execute(db);
    for (const k of keys.rows) {
      const id = (JSON.parse(k.response_body) as { id?: unknown }).id;
      if (typeof id !== "string") continue;
      await sql`update idempotency_keys set lead_id = ${id} where kind = ${k.kind} and key = ${k.key}`.execute(
        db,
      );
    }
    await db.schema
      .createIndex("idempotency_keys_lead_idx")
      .on("idempotency_keys")
      .column("lead_id")
      .execute();

    await db.schema
      .createTable("audit_log")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("actor_type", "text", (c) => c.notNull())
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("lead_ids", "text", (c) => c.notNull())
      .addColumn("lead_count", "integer", (c) => c.notNull())
      .addColumn("detail", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();

    await db.schema
      .createTable("autoreply_log")
      .addColumn("address_hash", "text", (c) => c.primaryKey())
      .addColumn("sent_at", "text", (c) => c.notNull())
      .execute();
  },
  // No down: the outbox rebuild cannot be undone without losing the other channels' rows.
};
