import type { InboxFilters } from "@site/contracts/desk";
import { type Expression, type SqlBool, sql } from "kysely";
import type { Database } from "../records/database";
import { SQLITE_FOLD_CASE, searchTextSql } from "../platform/db/search-text";

// The inbox's text search over name, e-mail, company, phone, message and details: every term must
// match, in any case. A term of three characters or more matches anywhere in the text. A shorter one
// matches anywhere on PostgreSQL (its trigram GIN index serves LIKE) and at the start of a word on
// SQLite, where two indexes serve them (migration 0005): the FTS5 trigram index and a word index with
// prefixes of one and two characters. A search on SQLite reads only the index tables and the leads
// still in the search backlog, so one that matches most of 100,000 leads stays fast.

/** The search's terms, lower-cased, at most ten. */
export function searchTerms(q: string | undefined): string[] {
  return (q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
}

/** Each term as a substring of the lead's text, in any case (`leads` must be in the query). */
export function substringMatches(
  dialect: Database["dialect"],
  terms: readonly string[],
): Expression<SqlBool>[] {
  const text = sql.raw(searchTextSql("leads", dialect === "sqlite" ? SQLITE_FOLD_CASE : "lower"));
  return terms.map((t) => sql<SqlBool>`${text} like ${`%${t.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`);
}

const phrase = (t: string) => `"${t.replace(/"/g, '""')}"`;

/** SQLite: the index rows (`k`, leads_fts_keys) whose lead matches every term. */
function indexMatches(terms: readonly string[]): Expression<SqlBool>[] {
  const long = terms.filter((t) => t.length >= 3).map(phrase);
  const short = terms.filter((t) => t.length < 3).map((t) => `${phrase(t)}*`);
  const c: Expression<SqlBool>[] = [];
  if (long.length) {
    c.push(
      sql<SqlBool>`k.rowid in (select rowid from leads_fts where leads_fts match ${long.join(" AND ")})`,
    );
  }
  if (short.length) {
    c.push(
      sql<SqlBool>`k.rowid in (select rowid from leads_words where leads_words match ${short.join(" AND ")})`,
    );
  }
  return c;
}

/**
 * SQLite: the leads a search selects, as rows of (id, created_at, status): those in the index, and
 * those still in the backlog (matched by substring). `filters` holds the inbox's other conditions on
 * either table (the index copies the filter columns).
 */
export function sqliteSearchRows(
  database: Database,
  terms: readonly string[],
  filters: { k: Expression<SqlBool>[]; leads: Expression<SqlBool>[] },
) {
  const { db } = database;
  const indexed = db
    .selectFrom("leads_fts_keys as k")
    .select(["k.lead_id as id", "k.created_at", "k.status"])
    .where((eb) => eb.and([...indexMatches(terms), ...filters.k]));
  const waiting = db
    .selectFrom("leads")
    .select(["leads.id", "leads.created_at", "leads.status"])
    .where((eb) =>
      eb.and([
        eb("leads.id", "in", eb.selectFrom("search_backlog").select("search_backlog.lead_id")),
        ...substringMatches("sqlite", terms),
        ...filters.leads,
      ]),
    );
  return indexed.unionAll(waiting);
}

/** Whether the search of `f` runs on SQLite's search index (see sqliteSearchRows). */
export const usesSearchIndex = (database: Database, f: InboxFilters) =>
  database.dialect === "sqlite" && searchTerms(f.q).length > 0;
