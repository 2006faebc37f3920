import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import { searchTextSql } from "./search-text";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The lead desk (issue 16): staff and their passkeys, enrolment links and sessions (tokens stored only
 * as SHA-256), the WebAuthn challenges in flight, the leads' working state (status, assignee), notes
 * (append-only), lead events (status and assignee changes), and the text search. Desk actions are
 * written to audit_log (migration 0002_privacy).
 */
export const deskMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("staff")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("removed_at", "text")
      .execute();

    await db.schema
      .createTable("passkeys")
      .addColumn("id", "text", (c) => c.primaryKey()) // the credential id, base64url
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id").onDelete("cascade"))
      .addColumn("public_key", "text", (c) => c.notNull()) // COSE key, base64url
      .addColumn("counter", "integer", (c) => c.notNull())
      .addColumn("transports", "text", (c) => c.notNull()) // JSON array
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema.createIndex("passkeys_staff_idx").on("passkeys").column("staff_id").execute();

    await db.schema
      .createTable("enrolments")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("ended_at", "text")
      .execute();
    await db.schema.createIndex("sessions_staff_idx").on("sessions").column("staff_id").execute();

    // A challenge is single-use: verifying a ceremony deletes its row (shared by every desk process).
    await db.schema
      .createTable("webauthn_challenges")
      .addColumn("challenge", "text", (c) => c.primaryKey())
      .addColumn("purpose", "text", (c) => c.notNull()) // 'enrol' | 'sign-in'
      .addColumn("enrolment_hash", "text") // the enrolment a registration belongs to
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .alterTable("leads")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
      .execute();
    await db.schema.alterTable("leads").addColumn("assignee", "text").execute();
    // The inbox walks leads newest first; these serve its filters and the counts per status.
    await db.schema
      .createIndex("leads_spam_created_idx")
      .on("leads")
      .columns(["is_spam", "created_at", "id"])
      .execute();
    await db.schema
      .createIndex("leads_spam_status_created_idx")
      .on("leads")
      .columns(["is_spam", "status", "created_at", "id"])
      .execute();
    await db.schema
      .createIndex("leads_assignee_idx")
      .on("leads")
      .columns(["assignee", "created_at"])
      .execute();
    // The counts per status under a kind, service or assignee filter read only these (covering) indexes.
    for (const [name, column] of [
      ["leads_spam_kind_status_idx", "kind"],
      ["leads_spam_service_status_idx", "service"],
      ["leads_spam_assignee_status_idx", "assignee"],
    ] as const) {
      await db.schema.createIndex(name).on("leads").columns(["is_spam", column, "status"]).execute();
    }

    await db.schema
      .createTable("notes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("notes_lead_idx").on("notes").columns(["lead_id", "created_at"]).execute();

    await db.schema
      .createTable("lead_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("staff_id", "text", (c) => c.references("staff.id"))
      .addColumn("type", "text", (c) => c.notNull()) // 'status' | 'assignee'
      .addColumn("from_value", "text")
      .addColumn("to_value", "text")
      .execute();
    await db.schema
      .createIndex("lead_events_lead_idx")
      .on("lead_events")
      .columns(["lead_id", "type", "at"])
      .execute();

    if (isPostgres(db)) await postgresSearch(db);
    else await sqliteSearch(db);
  },
  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) {
      for (const t of ["leads_fts_insert", "leads_fts_delete", "leads_fts_update"]) {
        await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
      }
      await sql`drop table if exists leads_fts`.execute(db);
      await sql`drop table if exists leads_fts_keys`.execute(db);
    }
    for (const t of ["lead_events", "notes", "webauthn_challenges", "sessions", "enrolments"]) {
      await db.schema.dropTable(t).execute();
    }
    await db.schema.dropTable("passkeys").execute();
    await db.schema.dropTable("staff").execute();
  },
};

/**
 * PostgreSQL: a trigram GIN index over one lower-cased text of the searchable fields; the inbox's
 * LIKE '%term%' on the same expression uses it (pg_trgm ships with PostgreSQL and is a trusted
 * extension: the database owner may create it).
 */
async function postgresSearch(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index leads_search_trgm_idx on leads using gin ((${sql.raw(searchTextSql())}) gin_trgm_ops)`.execute(
    db,
  );
}

/**
 * SQLite: an FTS5 index with the trigram tokenizer (substring matches, case-insensitive), contentless
 * so the text is not stored twice. Its integer rowids come from leads_fts_keys (leads' own rowid may
 * change on VACUUM, the lead id is text), and triggers keep both in step with every insert, update
 * and delete of a lead, whoever makes it.
 */
async function sqliteSearch(db: Kysely<unknown>) {
  await sql`create table leads_fts_keys (rowid integer primary key, lead_id text not null unique)`.execute(
    db,
  );
  await sql`create virtual table leads_fts using fts5(body, content='', contentless_delete=1, tokenize='trigram')`.execute(
    db,
  );
  const body = (row: "new") => sql.raw(searchTextSql(row));
  await sql`create trigger leads_fts_insert after insert on leads begin
      insert into leads_fts_keys (lead_id) values (new.id);
      insert into leads_fts (rowid, body) values (last_insert_rowid(), ${body("new")});
    end`.execute(db);
  await sql`create trigger leads_fts_delete after delete on leads begin
      delete from leads_fts where rowid = (select rowid from leads_fts_keys where lead_id = old.id);
      delete from leads_fts_keys where lead_id = old.id;
    end`.execute(db);
  await sql`create trigger leads_fts_update after update of name, email, phone, company, message, details on leads begin
      delete from leads_fts where rowid = (select rowid from leads_fts_keys where lead_id = old.id);
      insert into leads_fts (rowid, body)
        values ((select rowid from leads_fts_keys where lead_id = old.id), ${body("new")});
    end`.execute(db);
  // Leads stored before this migration.
  await sql`insert into leads_fts_keys (lead_id) select id from leads order by created_at`.execute(db);
  await sql`insert into leads_fts (rowid, body)
      select k.rowid, ${sql.raw(searchTextSql("leads"))} from leads join leads_fts_keys k on k.lead_id = leads.id`.execute(
    db,
  );
}
