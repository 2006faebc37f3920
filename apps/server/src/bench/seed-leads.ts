// The benches' lead store: `total` leads spread over the two years before `SEED_END`, as varied as
// the inbox sees them (both kinds, every status, spam, assignees), written 1,000 per transaction.
import { LEAD_STATUSES } from "@site/contracts/desk";
import { QUOTATION_SERVICES } from "@site/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../records/database";
import type { DB } from "../platform/db/schema";
import { newLeadId } from "../platform/ids";

/** The newest seeded lead arrives just before this instant; the oldest two years earlier. */
export const SEED_END = Date.parse("2026-11-24T00:00:00Z");
export const SEED_SPAN_MS = 2 * 365 * 86_400_000;

const FIRST = ["Ada", "Grace", "Alan", "Katherine", "Tim", "Radia", "Linus", "Barbara", "Edsger", "Frances"];
const LAST = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Johnson",
  "Berners-Lee",
  "Perlman",
  "Torvalds",
  "Liskov",
  "Dijkstra",
  "Allen",
];

/** The address of seeded lead n (each address has one lead). */
export const seededEmail = (n: number) => `person${n}@example${n % 97}.com`;

export async function seedLeads(db: Kysely<DB>, total: number, assignee: string | null): Promise<void> {
  for (let i = 0; i < total; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - i) }, (_, j) => {
      const n = i + j;
      const at = new Date(SEED_END - Math.floor((n / total) * SEED_SPAN_MS)).toISOString();
      const quote = n % 3 === 0;
      return {
        id: newLeadId(new Date(at)),
        kind: quote ? ("quotation" as const) : ("contact" as const),
        name: `${FIRST[n % 10]} ${LAST[(n >> 3) % 10]} ${n}`,
        email: seededEmail(n),
        phone: `020 7946 ${String(n % 10_000).padStart(4, "0")}`,
        company: quote ? `Company ${n % 500} Ltd` : null,
        service: quote ? QUOTATION_SERVICES[n % QUOTATION_SERVICES.length]!.value : null,
        message: quote ? null : `We would like to talk about a new intranet for ${n % 300} staff.`,
        details: quote ? `About ${n % 120} users on ${1 + (n % 4)} sites.` : null,
        is_spam: n % 50 === 0 ? 1 : 0,
        created_at: at,
        last_activity_at: at,
        status: LEAD_STATUSES[n % 7 < 4 ? 0 : n % LEAD_STATUSES.length]!,
        assignee: n % 5 === 0 ? assignee : null,
      };
    });
    await db.transaction().execute((trx) => trx.insertInto("leads").values(rows).execute());
  }
}

/** SQLite: waits until the SQLite thread has indexed every stored lead for search (migration 0005). */
export async function searchIndexCaughtUp(database: Database): Promise<void> {
  if (database.dialect !== "sqlite") return;
  const waiting = async () =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from search_backlog`.execute(database.db)).rows[0]!.n,
    );
  while ((await waiting()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
}
