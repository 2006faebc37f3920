import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import { deskMigration } from "./migration-0004-desk";
import { setTimeout } from "node:timers/promises";
import { privacyMigration } from "./migration-0002-privacy";
import { searchIndexMigration } from "./migration-0005-search-index";
import { vitalsMigration } from "./migration-0006-vitals";
import { erasureAndWebhookEndpointsMigration } from "./migration-0007-erasure-and-webhook-endpoints";
import { contentMigration } from "./migration-0008-content";
import { consultationsMigration } from "./migration-0009-consultations";
import { chatMigration } from "./migration-0010-chat";
import { challengeMigration } from "./migration-0011-challenge";
import { bookingGuardMigration } from "./migration-0012-booking-guard";
import { chatStartSecretMigration } from "./migration-0013-chat-start-secret";

/** How often a start waiting for SQLite's write lock tries again. */
const LOCK_RETRY_MS = 100;

const isBusy = (err: unknown) => (err as { code?: unknown } | undefined)?.code === "SQLITE_BUSY";

/**
 * The one migration set, written in code and dialect-neutral (text, integer; no booleans, no
 * dialect-specific defaults), so SQLite and PostgreSQL share the same schema.
 */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_leads_outbox_idempotency": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("leads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("company", "text")
        .addColumn("service", "text")
        .addColumn("message", "text")
        .addColumn("details", "text")
        .addColumn("is_spam", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("leads_created_at_idx").on("leads").columns(["created_at"]).execute();

      await db.schema
        .createTable("outbox")
        .addColumn("lead_id", "text", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("last_error", "text")
        .addColumn("last_attempt_at", "text")
        .addColumn("sent_at", "text")
        .addColumn("message_id", "text")
        .addColumn("locked_until", "text")
        .addColumn("claim_token", "text")
        .execute();
      await db.schema
        .createIndex("outbox_due_idx")
        .on("outbox")
        .columns(["sent_at", "next_attempt_at"])
        .execute();

      await db.schema
        .createTable("idempotency_keys")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("request_hash", "text", (c) => c.notNull())
        .addColumn("status_code", "integer", (c) => c.notNull())
        .addColumn("response_body", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("idempotency_keys_pk", ["kind", "key"])
        .execute();
      await db.schema
        .createIndex("idempotency_keys_created_at_idx")
        .on("idempotency_keys")
        .columns(["created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("idempotency_keys").execute();
      await db.schema.dropTable("outbox").execute();
      await db.schema.dropTable("leads").execute();
      await sql`select 1`.execute(db);
    },
  },
  "0002_privacy": privacyMigration,
  "0004_desk": deskMigration,
  "0005_search_index": searchIndexMigration,
  "0006_vitals": vitalsMigration,
  "0007_erasure_and_webhook_endpoints": erasureAndWebhookEndpointsMigration,
  "0008_content": contentMigration,
  "0009_consultations": consultationsMigration,
  "0010_chat": chatMigration,
  "0011_challenge": challengeMigration,
  "0012_booking_guard": bookingGuardMigration,
  "0013_chat_start_secret": chatStartSecretMigration,
};

export interface MigrateOptions {
  /** Aborting rolls back the migrations not yet committed (all of this run: one transaction). */
  signal?: AbortSignal | undefined;
  /** The migration set (tests add a failing one); default: the application's. */
  migrations?: Record<string, Migration>;
}

/**
 * Brings the schema up to date; throws (naming the failed migration) if any step fails. Every pending
 * migration runs in ONE transaction that holds the migration lock (PostgreSQL: an advisory lock;
 * SQLite: the write lock of BEGIN IMMEDIATE), so processes starting together migrate once, and a
 * failed or interrupted start leaves the schema as it was.
 */
export async function migrateToLatest(db: Kysely<unknown>, opts: MigrateOptions = {}): Promise<string[]> {
  const { signal, migrations = MIGRATIONS } = opts;
  signal?.throwIfAborted();
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]) => [
          name,
          {
            ...m,
            async up(trx: Kysely<unknown>) {
              signal?.throwIfAborted();
              await m.up(trx);
            },
          },
        ]),
      ),
  };
  // Migrations are numbered by the issue that adds them and merged in any order (0008 reached main after
  // 0009 and 0010): a database that has run a later one still runs an earlier one it has not.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  for (;;) {
    const { error, results } = await migrator.migrateToLatest();
    if (isBusy(error)) {
      // Another process holds the SQLite write lock (migrating, or writing): wait for it.
      await setTimeout(LOCK_RETRY_MS, undefined, { signal }).catch(() => {});
      signal?.throwIfAborted();
      continue;
    }
    const failed = results?.find((r) => r.status === "Error");
    if (error || failed) {
      if (signal?.aborted) throw signal.reason;
      const cause = error instanceof Error ? error.message : String(error ?? "");
      throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${cause}`);
    }
    return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  }
}
