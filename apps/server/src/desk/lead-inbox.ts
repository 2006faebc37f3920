import {
  type InboxAnswer,
  type InboxFilters,
  LEAD_STATUSES,
  type LeadRow,
  type LeadStatus,
} from "@site/contracts/desk";
import { type QuotationService, quotationServiceLabel } from "@site/contracts";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import { searchTextSql } from "../db/search-text";

type Eb = ExpressionBuilder<DB, "leads">;

/** A lead as the inbox lists it (and as the lead page heads it): the row, its assignee's name. */
export function leadRow(r: {
  id: string;
  kind: LeadRow["kind"];
  created_at: string;
  is_spam: number;
  status: LeadStatus;
  assignee: string | null;
  assignee_name: string | null;
  name: string;
  email: string;
  company: string | null;
  service: QuotationService | null;
}): LeadRow {
  return {
    id: r.id,
    kind: r.kind,
    createdAt: r.created_at,
    spam: Number(r.is_spam) === 1,
    status: r.status,
    assignee: r.assignee ? { id: r.assignee, name: r.assignee_name ?? "" } : null,
    name: r.name,
    email: r.email,
    company: r.company,
    service: r.service,
    serviceLabel: r.service ? quotationServiceLabel(r.service) : null,
  };
}

/** The cursor is the last row's (created_at, id), opaque to the client. */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): [string, string] | undefined {
  const [createdAt, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || rest.length || Number.isNaN(Date.parse(createdAt))) return undefined;
  return [createdAt, id];
}

/** The next UTC day of "YYYY-MM-DD", as the exclusive end of a range. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * The search: every term must occur in the lead's text (substring, any case). On SQLite, terms of 3+
 * characters go through the FTS5 trigram index; shorter ones (and every term on PostgreSQL, where the
 * trigram GIN index serves LIKE) are substring tests on the same text.
 */
function searchCondition(eb: Eb, dialect: Database["dialect"], q: string): Expression<SqlBool>[] {
  const terms = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const text = sql.raw(searchTextSql("leads"));
  const like = (t: string) => sql<SqlBool>`${text} like ${`%${t.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`;
  if (dialect === "postgres") return terms.map(like);
  const long = terms.filter((t) => t.length >= 3);
  const out: Expression<SqlBool>[] = terms.filter((t) => t.length < 3).map(like);
  if (long.length) {
    const match = long.map((t) => `"${t.replace(/"/g, '""')}"`).join(" AND ");
    // Leads not indexed yet (search_backlog, migration 0005) are matched by substring, so a search
    // finds a lead the moment it is stored.
    out.push(
      eb.or([
        eb(
          "leads.id",
          "in",
          sql<string>`(select k.lead_id from leads_fts_keys k where k.rowid in (select rowid from leads_fts where leads_fts match ${match}))`,
        ),
        eb.and([eb("leads.id", "in", sql<string>`(select lead_id from search_backlog)`), ...long.map(like)]),
      ]),
    );
  }
  return out;
}

/** Every filter but status and the cursor (the counts per status share them). */
function baseConditions(eb: Eb, dialect: Database["dialect"], f: InboxFilters, me: string) {
  const c: Expression<SqlBool>[] = [];
  if (f.spam === "exclude") c.push(eb("leads.is_spam", "=", 0));
  if (f.spam === "only") c.push(eb("leads.is_spam", "=", 1));
  if (f.kind) c.push(eb("leads.kind", "=", f.kind));
  if (f.service) c.push(eb("leads.service", "=", f.service));
  if (f.from) c.push(eb("leads.created_at", ">=", `${f.from}T00:00:00.000Z`));
  if (f.to) c.push(eb("leads.created_at", "<", dayAfter(f.to)));
  if (f.assignee === "none") c.push(eb("leads.assignee", "is", null));
  else if (f.assignee) c.push(eb("leads.assignee", "=", f.assignee === "me" ? me : f.assignee));
  if (f.q) c.push(...searchCondition(eb, dialect, f.q));
  return c;
}

/** Every lead the inbox's filters select (all pages), as a subquery of ids: what an export holds. */
export function inboxLeadIds(database: Database, f: InboxFilters, me: string) {
  return database.db
    .selectFrom("leads")
    .select("leads.id")
    .where((eb) => {
      const c = baseConditions(eb, database.dialect, f, me);
      if (f.status) c.push(eb("leads.status", "=", f.status));
      return eb.and(c);
    });
}

/** One page of the inbox, newest first, and the counts per status under the same filters. */
export async function queryInbox(database: Database, f: InboxFilters, me: string): Promise<InboxAnswer> {
  const { db, dialect } = database;
  const after = f.cursor ? decodeCursor(f.cursor) : undefined;
  const rows = await db
    .selectFrom("leads")
    .leftJoin("staff", "staff.id", "leads.assignee")
    .select([
      "leads.id",
      "leads.kind",
      "leads.created_at",
      "leads.is_spam",
      "leads.status",
      "leads.assignee",
      "leads.name",
      "leads.email",
      "leads.company",
      "leads.service",
      "staff.name as assignee_name",
    ])
    .where((eb) => {
      const c = baseConditions(eb, dialect, f, me);
      if (f.status) c.push(eb("leads.status", "=", f.status));
      if (after) c.push(sql<SqlBool>`(leads.created_at, leads.id) < (${after[0]}, ${after[1]})`);
      return eb.and(c);
    })
    .orderBy("leads.created_at", "desc")
    .orderBy("leads.id", "desc")
    .limit(f.limit + 1)
    .execute();
  const grouped = await db
    .selectFrom("leads")
    .select(["leads.status", (eb) => eb.fn.countAll<number>().as("n")])
    .where((eb) => eb.and(baseConditions(eb, dialect, f, me)))
    .groupBy("leads.status")
    .execute();

  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  for (const g of grouped) counts[g.status] = Number(g.n);
  return {
    leads: page.map(leadRow),
    nextCursor: rows.length > f.limit && last ? encodeCursor(last.created_at, last.id) : null,
    counts,
  };
}
