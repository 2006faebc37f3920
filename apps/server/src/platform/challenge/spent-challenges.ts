// Each solution is accepted once, by every instance on the database: its challenge's id goes into
// `spent_challenges` (primary key) until the challenge expires, and an insert that finds it there loses.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";

export interface Spend {
  /** The challenge's nonce. */
  id: string;
  expiresAt: Date;
}

/**
 * Spends the solutions in `trx` (a transaction of the caller's, or the database); the ids that were
 * not spent before (within this call, the first of two equal ids). Concurrent spends of one id on
 * any number of instances: one wins.
 */
export async function spendChallenges(trx: Kysely<DB>, spends: readonly Spend[]): Promise<Set<string>> {
  const fresh = new Map<string, Spend>();
  for (const s of spends) if (!fresh.has(s.id)) fresh.set(s.id, s);
  if (fresh.size === 0) return new Set();
  const won = await trx
    .insertInto("spent_challenges")
    .values([...fresh.values()].map((s) => ({ id: s.id, expires_at: s.expiresAt.toISOString() })))
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .execute();
  return new Set(won.map((r) => r.id));
}

/** Forgets the spent solutions whose challenge has expired (no one can send them again). */
export async function purgeSpentChallenges(db: Kysely<DB>, now: Date): Promise<number> {
  const r = await db
    .deleteFrom("spent_challenges")
    .where("expires_at", "<", now.toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
