import { type Kysely, sql } from "kysely";
import type { DB } from "./schema";
import { searchTextSql } from "./search-text";

/** Leads indexed per transaction at most: a chunk holds the writer for a few milliseconds. */
export const SEARCH_INDEX_CHUNK = 500;

/**
 * SQLite: moves up to `limit` leads from the search backlog (migration 0005) into the search index
 * (leads_fts_keys with the inbox's filter columns, the trigram and the word index), the oldest first,
 * inside the caller's transaction. Returns how many it indexed.
 */
export async function indexSearchBacklog(trx: Kysely<DB>, limit = SEARCH_INDEX_CHUNK): Promise<number> {
  const last = await sql<{ lead_id: string }>`
    select lead_id from (select lead_id from search_backlog order by lead_id limit ${limit})
    order by lead_id desc limit 1`.execute(trx);
  const upTo = last.rows[0]?.lead_id;
  if (upTo === undefined) return 0;
  await sql`insert into leads_fts_keys (lead_id, created_at, is_spam, status, kind, service, assignee)
      select l.id, l.created_at, l.is_spam, l.status, l.kind, l.service, l.assignee
      from search_backlog b join leads l on l.id = b.lead_id where b.lead_id <= ${upTo} order by b.lead_id`.execute(
    trx,
  );
  for (const table of ["leads_fts", "leads_words"]) {
    await sql`insert into ${sql.table(table)} (rowid, body)
        select k.rowid, ${sql.raw(searchTextSql("leads"))}
        from search_backlog b join leads_fts_keys k on k.lead_id = b.lead_id join leads on leads.id = b.lead_id
        where b.lead_id <= ${upTo}`.execute(trx);
  }
  const done = await sql`delete from search_backlog where lead_id <= ${upTo}`.execute(trx);
  return Number(done.numAffectedRows ?? 0);
}
