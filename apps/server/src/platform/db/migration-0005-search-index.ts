import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import { searchTextSql } from "./search-text";

/**
 * SQLite's search index, reworked (PostgreSQL is unchanged: its GIN index defers work through its
 * pending list, and its planner serves the inbox's searches):
 *
 * - Off the intake path. A new lead no longer enters the FTS5 index in the transaction that stores
 *   it: a trigger puts its id in `search_backlog` (one small b-tree insert) and the SQLite thread
 *   indexes the backlog in larger transactions of its own (search-index.ts). An FTS5 insert costs
 *   little per lead but a lot per transaction (each commit writes a new segment and merges older
 *   ones): done in every group commit it was about a third of the pages each commit wrote.
 * - Searchable without the leads table. `leads_fts_keys` (one row per indexed lead, whose rowid is
 *   the lead's rowid in the FTS tables) also holds the inbox's filter columns, kept in step by a
 *   trigger, so a search that matches tens of thousands of leads counts them per status, and pages
 *   through them, on that narrow table.
 * - Short terms. `leads_words` indexes whole words (unicode61, with prefix indexes of 1 and 2
 *   characters), so a term of one or two characters matches the start of a word through an index;
 *   the trigram index `leads_fts` serves terms of three characters or more anywhere in the text.
 */
export const searchIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    const text = (row: "new" | "leads") => sql.raw(searchTextSql(row));
    const keyOf = sql.raw("(select rowid from leads_fts_keys where lead_id = old.id)");

    await sql`create table search_backlog (lead_id text primary key) without rowid`.execute(db);

    for (const column of [
      "created_at text",
      "is_spam integer",
      "status text",
      "kind text",
      "service text",
      "assignee text",
    ]) {
      await sql`alter table leads_fts_keys add column ${sql.raw(column)}`.execute(db);
    }
    await sql`update leads_fts_keys set (created_at, is_spam, status, kind, service, assignee) =
        (select created_at, is_spam, status, kind, service, assignee from leads where leads.id = leads_fts_keys.lead_id)`.execute(
      db,
    );
    await sql`create index leads_fts_keys_order_idx on leads_fts_keys (is_spam, created_at, lead_id)`.execute(
      db,
    );

    await sql`create virtual table leads_words using fts5(body, content='', contentless_delete=1,
        tokenize='unicode61 remove_diacritics 2', prefix='1 2')`.execute(db);
    await sql`insert into leads_words (rowid, body)
        select k.rowid, ${text("leads")} from leads join leads_fts_keys k on k.lead_id = leads.id`.execute(
      db,
    );

    for (const t of ["leads_fts_insert", "leads_fts_delete", "leads_fts_update"]) {
      await sql`drop trigger ${sql.raw(t)}`.execute(db);
    }
    await sql`create trigger leads_search_backlog after insert on leads begin
        insert into search_backlog (lead_id) values (new.id);
      end`.execute(db);
    await sql`create trigger leads_search_delete after delete on leads begin
        delete from leads_fts where rowid = ${keyOf};
        delete from leads_words where rowid = ${keyOf};
        delete from leads_fts_keys where lead_id = old.id;
        delete from search_backlog where lead_id = old.id;
      end`.execute(db);
    // A lead still in the backlog is indexed with its text and filters as they are then.
    await sql`create trigger leads_search_text after update of name, email, phone, company, message, details on leads
        when exists (select 1 from leads_fts_keys where lead_id = old.id) begin
        delete from leads_fts where rowid = ${keyOf};
        insert into leads_fts (rowid, body) values (${keyOf}, ${text("new")});
        delete from leads_words where rowid = ${keyOf};
        insert into leads_words (rowid, body) values (${keyOf}, ${text("new")});
      end`.execute(db);
    await sql`create trigger leads_search_filters after update of created_at, is_spam, status, kind, service, assignee on leads begin
        update leads_fts_keys set created_at = new.created_at, is_spam = new.is_spam, status = new.status,
          kind = new.kind, service = new.service, assignee = new.assignee
        where lead_id = new.id;
      end`.execute(db);
  },
};
