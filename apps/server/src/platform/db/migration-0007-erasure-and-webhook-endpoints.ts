import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import { searchTextSql } from "./search-text";

/**
 * Two loose ends of issue 24.
 *
 * SQLite: an erased or purged lead leaves nothing in the search index. The FTS5 tables of migrations
 * 0004 and 0005 were `contentless_delete=1`: deleting a row only recorded a tombstone, and the row's
 * trigrams and words stayed in the index's segments until FTS5 happened to merge them. They are
 * rebuilt as plain contentless tables with FTS5's `secure-delete` option, and a deleted lead is
 * taken out with FTS5's 'delete' command, which names the text that was indexed (the lead's row as
 * it is deleted): each of its tokens is removed from the segments at once, in the same transaction.
 * Rebuilding also drops what earlier erasures left behind. `secure-delete` raises the tables'
 * format to FTS5 version 5 (SQLite 3.42 or later can read them).
 *
 * Both dialects: `webhook_endpoints` remembers what a webhook receiver asked for, per endpoint
 * (WEBHOOK_URL, known only by its SHA-256: the URL may carry a token): `gone_at` when it answered
 * 410 Gone (nothing is sent to it until it is configured again), `held_until` when a 429 or 503 asked
 * to wait (Retry-After). `configured_at` is the last time a process started delivering to it, so the
 * desk can tell which endpoint is the current one.
 */
export const erasureAndWebhookEndpointsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("webhook_endpoints")
      .addColumn("url_hash", "text", (c) => c.primaryKey())
      .addColumn("origin", "text", (c) => c.notNull())
      .addColumn("configured_at", "text", (c) => c.notNull())
      .addColumn("gone_at", "text")
      .addColumn("held_until", "text")
      .execute();

    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    const text = (row: "old" | "new" | "leads") => sql.raw(searchTextSql(row));
    const keyOf = sql.raw("(select rowid from leads_fts_keys where lead_id = old.id)");

    for (const t of ["leads_search_delete", "leads_search_text"]) {
      await sql`drop trigger ${sql.raw(t)}`.execute(db);
    }
    await sql`drop table leads_fts`.execute(db);
    await sql`drop table leads_words`.execute(db);
    await sql`create virtual table leads_fts using fts5(body, content='', tokenize='trigram')`.execute(db);
    await sql`create virtual table leads_words using fts5(body, content='',
        tokenize='unicode61 remove_diacritics 2', prefix='1 2')`.execute(db);
    for (const table of ["leads_fts", "leads_words"]) {
      const t = sql.table(table);
      await sql`insert into ${t} (${t}, rank) values ('secure-delete', 1)`.execute(db);
      await sql`insert into ${t} (rowid, body)
          select k.rowid, ${text("leads")} from leads join leads_fts_keys k on k.lead_id = leads.id`.execute(
        db,
      );
    }

    // The 'delete' command must carry exactly the text that was indexed: the row's text as it was
    // when indexed, which leads_search_text keeps in step. Leads still in the backlog have no key.
    const forget = (table: string) =>
      sql`insert into ${sql.table(table)} (${sql.table(table)}, rowid, body)
          select 'delete', k.rowid, ${text("old")} from leads_fts_keys k where k.lead_id = old.id;`;
    await sql`create trigger leads_search_delete after delete on leads begin
        ${forget("leads_fts")}
        ${forget("leads_words")}
        delete from leads_fts_keys where lead_id = old.id;
        delete from search_backlog where lead_id = old.id;
      end`.execute(db);
    await sql`create trigger leads_search_text after update of name, email, phone, company, message, details on leads
        when exists (select 1 from leads_fts_keys where lead_id = old.id) begin
        ${forget("leads_fts")}
        insert into leads_fts (rowid, body) values (${keyOf}, ${text("new")});
        ${forget("leads_words")}
        insert into leads_words (rowid, body) values (${keyOf}, ${text("new")});
      end`.execute(db);
  },
};
