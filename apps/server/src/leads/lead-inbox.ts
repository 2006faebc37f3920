import {
  type InboxAnswer,
  type InboxFilters,
  LEAD_STATUSES,
  type LeadRow,
  type LeadStatus,
} from "@site/contracts/desk";
import { type QuotationService, quotationServiceLabel } from "@site/contracts";
import { type Expression, type SqlBool, sql } from "kysely";
import type { Database } from "../records/database";
import { searchTerms, sqliteSearchRows, substringMatches, usesSearchIndex } from "./lead-search";

/** A lead as the inbox lists it (and as the lead page heads it): the row, its assignee's name. */
export function leadRow(r: {
  id: string;
  kind: LeadRow["kind"];
  created_at: string;
  is_spam: number;
  unverified: number;
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
    unverified: Number(r.unverified) === 1,
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
 * The inbox's filters but the search and the cursor (and status unless `withStatus`), on `leads` or
 * on `k` (SQLite's search index, which copies the filter columns).
 */
function filterConditions(table: "leads" | "k", f: InboxFilters, me: string, withStatus: boolean) {
  const col = (c: string) => sql.ref(`${table}.${c}`);
  const c: Expression<SqlBool>[] = [];
  if (f.spam === "exclude") c.push(sql<SqlBool>`${col("is_spam")} = 0`);
  if (f.spam === "only") c.push(sql<SqlBool>`${col("is_spam")} = 1`);
  if (f.kind) c.push(sql<SqlBool>`${col("kind")} = ${f.kind}`);
  if (f.service) c.push(sql<SqlBool>`${col("service")} = ${f.service}`);
  if (f.from) c.push(sql<SqlBool>`${col("created_at")} >= ${`${f.from}T00:00:00.000Z`}`);
  if (f.to) c.push(sql<SqlBool>`${col("created_at")} < ${dayAfter(f.to)}`);
  if (f.assignee === "none") c.push(sql<SqlBool>`${col("assignee")} is null`);
  else if (f.assignee) c.push(sql<SqlBool>`${col("assignee")} = ${f.assignee === "me" ? me : f.assignee}`);
  if (withStatus && f.status) c.push(sql<SqlBool>`${col("status")} = ${f.status}`);
  return c;
}

/** Every condition of `f` on `leads` but the cursor; the search as substrings (PostgreSQL's way). */
function leadConditions(database: Database, f: InboxFilters, me: string, withStatus: boolean) {
  return [
    ...filterConditions("leads", f, me, withStatus),
    ...substringMatches(database.dialect, searchTerms(f.q)),
  ];
}

/** SQLite's search: the matching leads as (id, created_at, status) rows, from its search index. */
function searchRows(database: Database, f: InboxFilters, me: string, withStatus: boolean) {
  return sqliteSearchRows(database, searchTerms(f.q), {
    k: filterConditions("k", f, me, withStatus),
    leads: filterConditions("leads", f, me, withStatus),
  });
}

/** Every lead the inbox's filters select (all pages), as a subquery of ids: what an export holds. */
export function inboxLeadIds(database: Database, f: InboxFilters, me: string) {
  const q = database.db.selectFrom("leads").select("leads.id");
  if (usesSearchIndex(database, f)) {
    return q.where(
      "leads.id",
      "in",
      database.db.selectFrom(searchRows(database, f, me, true).as("m")).select("m.id"),
    );
  }
  return q.where((eb) => eb.and(leadConditions(database, f, me, true)));
}

const LIST_COLUMNS = [
  "leads.id",
  "leads.kind",
  "leads.created_at",
  "leads.is_spam",
  "leads.unverified",
  "leads.status",
  "leads.assignee",
  "leads.name",
  "leads.email",
  "leads.company",
  "leads.service",
  "staff.name as assignee_name",
] as const;

/** One page of the inbox, newest first, and the counts per status under the same filters. */
export async function queryInbox(database: Database, f: InboxFilters, me: string): Promise<InboxAnswer> {
  const { db } = database;
  const after = f.cursor ? decodeCursor(f.cursor) : undefined;
  const listed = db.selectFrom("leads").leftJoin("staff", "staff.id", "leads.assignee").select(LIST_COLUMNS);
  let rows;
  let grouped: { status: LeadStatus; n: number | string | bigint }[];
  if (usesSearchIndex(database, f)) {
    // The page's ids and the counts come from the search index; only the page's leads are read.
    const page = await db
      .selectFrom(searchRows(database, f, me, true).as("m"))
      .select(["m.id", "m.created_at"])
      .$if(after !== undefined, (q) =>
        q.where(sql<SqlBool>`(m.created_at, m.id) < (${after![0]}, ${after![1]})`),
      )
      .orderBy("m.created_at", "desc")
      .orderBy("m.id", "desc")
      .limit(f.limit + 1)
      .execute();
    rows = page.length
      ? await listed
          .where(
            "leads.id",
            "in",
            page.map((r) => r.id),
          )
          .orderBy("leads.created_at", "desc")
          .orderBy("leads.id", "desc")
          .execute()
      : [];
    grouped = await db
      .selectFrom(searchRows(database, f, me, false).as("m"))
      .select(["m.status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("m.status")
      .execute();
  } else {
    rows = await listed
      .where((eb) => {
        const c = leadConditions(database, f, me, true);
        if (after) c.push(sql<SqlBool>`(leads.created_at, leads.id) < (${after[0]}, ${after[1]})`);
        return eb.and(c);
      })
      .orderBy("leads.created_at", "desc")
      .orderBy("leads.id", "desc")
      .limit(f.limit + 1)
      .execute();
    grouped = await db
      .selectFrom("leads")
      .select(["leads.status", (eb) => eb.fn.countAll<number>().as("n")])
      .where((eb) => eb.and(leadConditions(database, f, me, false)))
      .groupBy("leads.status")
      .execute();
  }

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
