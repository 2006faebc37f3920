import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely, Updateable } from "kysely";
import type { DB, OutboxTable } from "../db/schema";

// The outbox: one row per lead to notify, leased by a worker while it sends, marked sent or
// failed (with the time of the next attempt) afterwards.

interface Claim {
  leadId: string;
  token: string;
  attempts: number;
}

/** Rows no worker holds at `nowIso`: never leased, or the lease has run out. */
function unleased(nowIso: string) {
  return (eb: ExpressionBuilder<DB, "outbox">) =>
    eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]);
}

/**
 * Claims due outbox rows with a lease (conditional UPDATE on each row), so several worker
 * processes on one database never send the same row at the same time. A crashed worker's lease
 * simply expires.
 */
export async function claimDue(
  db: Kysely<DB>,
  now: Date,
  opts: { limit: number; leaseMs: number },
): Promise<Claim[]> {
  const nowIso = now.toISOString();
  const candidates = await db
    .selectFrom("outbox")
    .select(["lead_id", "attempts"])
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", nowIso)
    .where(unleased(nowIso))
    .orderBy("next_attempt_at", "asc")
    .limit(opts.limit)
    .execute();
  const claims: Claim[] = [];
  const lockedUntil = new Date(now.getTime() + opts.leaseMs).toISOString();
  for (const c of candidates) {
    const token = randomUUID();
    const r = await db
      .updateTable("outbox")
      .set({ locked_until: lockedUntil, claim_token: token })
      .where("lead_id", "=", c.lead_id)
      .where("sent_at", "is", null)
      .where(unleased(nowIso))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1)
      claims.push({ leadId: c.lead_id, token, attempts: Number(c.attempts) });
  }
  return claims;
}

/** Ends a claim: records the attempt and releases the lease, only while the claim is still held. */
async function settle(db: Kysely<DB>, claim: Claim, now: Date, outcome: Updateable<OutboxTable>) {
  await db
    .updateTable("outbox")
    .set({
      ...outcome,
      attempts: claim.attempts + 1,
      last_attempt_at: now.toISOString(),
      locked_until: null,
      claim_token: null,
    })
    .where("lead_id", "=", claim.leadId)
    .where("claim_token", "=", claim.token)
    .execute();
}

export async function markSent(db: Kysely<DB>, claim: Claim, now: Date, messageId: string) {
  await settle(db, claim, now, { sent_at: now.toISOString(), message_id: messageId, last_error: null });
}

export async function markFailed(
  db: Kysely<DB>,
  claim: Claim,
  now: Date,
  nextAttemptAt: Date,
  error: string,
) {
  await settle(db, claim, now, {
    next_attempt_at: nextAttemptAt.toISOString(),
    last_error: error.slice(0, 500),
  });
}

export async function countUnsent(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("sent_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
