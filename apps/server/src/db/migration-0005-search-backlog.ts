import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import { searchTextSql } from "./search-text";

/**
 * SQLite: a new lead no longer enters the FTS5 search index in the transaction that stores it. The
 * trigger puts its id in `search_backlog` (one small b-tree insert), and the SQLite thread indexes the
 * backlog in larger transactions of their own (search-index.ts) when intake leaves it time, and at
 * least every few tenths of a second under load. An FTS5 insert costs little per lead but a lot per
 * transaction (each commit writes a new index segment and merges older ones): done in every group
 * commit, it was about a third of the pages each commit wrote. Search stays exact meanwhile: the inbox
 * matches backlog leads by substring (lead-inbox.ts). PostgreSQL is unchanged (its GIN index already
 * defers work through its pending list).
 */
export const searchBacklogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await sql`create table search_backlog (lead_id text primary key) without rowid`.execute(db);
    await sql`drop trigger leads_fts_insert`.execute(db);
    await sql`create trigger leads_search_backlog after insert on leads begin
        insert into search_backlog (lead_id) values (new.id);
      end`.execute(db);
    await sql`drop trigger leads_fts_delete`.execute(db);
    await sql`create trigger leads_fts_delete after delete on leads begin
        delete from leads_fts where rowid = (select rowid from leads_fts_keys where lead_id = old.id);
        delete from leads_fts_keys where lead_id = old.id;
        delete from search_backlog where lead_id = old.id;
      end`.execute(db);
    // A lead still in the backlog is indexed with its text as it is then; only indexed ones change here.
    await sql`drop trigger leads_fts_update`.execute(db);
    await sql`create trigger leads_fts_update after update of name, email, phone, company, message, details on leads
        when exists (select 1 from leads_fts_keys where lead_id = old.id) begin
        delete from leads_fts where rowid = (select rowid from leads_fts_keys where lead_id = old.id);
        insert into leads_fts (rowid, body)
          values ((select rowid from leads_fts_keys where lead_id = old.id), ${sql.raw(searchTextSql("new"))});
      end`.execute(db);
  },
};
