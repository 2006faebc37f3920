import { randomUUID } from "node:crypto";
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql, type Updateable } from "kysely";
import type { Dialect } from "../../platform/db/database";
import type { Database } from "../database";
import type { Channel, DB, OutboxTable } from "../../platform/db/schema";

/** A delivery not made within this time of being queued is given up (reported; a person may requeue it). */
export const DELIVERY_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

// The outbox: one row per lead and channel to deliver, leased by a worker while it sends, marked sent or
// failed (with the time of the next attempt) afterwards.
//
// Leases are read and written on the DATABASE's clock, never a process's: several instances share
// one lease table, and one whose clock runs ahead must not see a live lease as expired. Due times
// (next_attempt_at) stay on the process clock: a clock ahead retries early, never twice at once.

export interface Claim {
  leadId: string;
  channel: Channel;
  token: string;
  attempts: number;
}

/** The database's clock plus `ms`, as an ISO 8601 UTC string (the format of every stored time). */
function databaseTime(dialect: Dialect, ms = 0): RawBuilder<string> {
  if (dialect === "sqlite") {
    // 'now' is one instant throughout a statement.
    return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`+${ms / 1000} seconds`})`;
  }
  return sql<string>`to_char((clock_timestamp() + ${ms}::integer * interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Rows no worker holds now (database clock): never leased, or the lease has run out. */
function unleased(dialect: Dialect) {
  return (eb: ExpressionBuilder<DB, "outbox">) =>
    eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", databaseTime(dialect))]);
}

/**
 * Claims the channel's next due row with a lease of `leaseMs` (one conditional UPDATE), just before it is sent:
 * several worker processes on one database never hold the same row at once, and a crashed worker's
 * lease simply runs out. Undefined when nothing is due.
 */
export async function claimNext(
  { db, dialect }: Database,
  opts: { now: Date; leaseMs: number; channel: Channel },
): Promise<Claim | undefined> {
  let next = db
    .selectFrom("outbox")
    .select("lead_id")
    .where("channel", "=", opts.channel)
    .where("sent_at", "is", null)
    .where("given_up_at", "is", null)
    .where("next_attempt_at", "<=", opts.now.toISOString())
    .where(unleased(dialect))
    .orderBy("next_attempt_at", "asc")
    .limit(1);
  // PostgreSQL: a row another worker is claiming right now is passed over, not waited for.
  if (dialect === "postgres") next = next.forUpdate().skipLocked();
  const token = randomUUID();
  const row = await db
    .updateTable("outbox")
    .set({ locked_until: databaseTime(dialect, opts.leaseMs), claim_token: token })
    .where("lead_id", "=", next)
    .where("channel", "=", opts.channel)
    .where("sent_at", "is", null)
    .where(unleased(dialect))
    .returning(["lead_id", "channel", "attempts"])
    .executeTakeFirst();
  return row && { leadId: row.lead_id, channel: row.channel, token, attempts: Number(row.attempts) };
}

/**
 * Gives up the unsent deliveries queued more than DELIVERY_EXPIRY_MS before `now` that no worker
 * holds; returns how many. They stay in the outbox as failed, with their last error.
 */
export async function giveUpExpired({ db, dialect }: Database, now: Date): Promise<number> {
  const r = await db
    .updateTable("outbox")
    .set({ given_up_at: now.toISOString() })
    .where("sent_at", "is", null)
    .where("given_up_at", "is", null)
    .where("queued_at", "<=", new Date(now.getTime() - DELIVERY_EXPIRY_MS).toISOString())
    .where(unleased(dialect))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Extends a held lease to `leaseMs` from now (database clock); false when the claim was lost. */
export async function renewLease({ db, dialect }: Database, claim: Claim, leaseMs: number) {
  const r = await db
    .updateTable("outbox")
    .set({ locked_until: databaseTime(dialect, leaseMs) })
    .where("lead_id", "=", claim.leadId)
    .where("channel", "=", claim.channel)
    .where("claim_token", "=", claim.token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a claim: records the attempt and releases the lease, only while the claim is still held. */
async function settle(
  { db }: Database,
  claim: Claim,
  now: Date,
  outcome: Updateable<OutboxTable>,
): Promise<boolean> {
  const r = await db
    .updateTable("outbox")
    .set({
      ...outcome,
      attempts: claim.attempts + 1,
      last_attempt_at: now.toISOString(),
      locked_until: null,
      claim_token: null,
    })
    .where("lead_id", "=", claim.leadId)
    .where("channel", "=", claim.channel)
    .where("claim_token", "=", claim.token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records a delivery made; false when the claim was no longer held (nothing recorded). */
export async function markSent(database: Database, claim: Claim, now: Date, messageId: string) {
  return settle(database, claim, now, {
    sent_at: now.toISOString(),
    message_id: messageId,
    last_error: null,
  });
}

export async function markFailed(
  database: Database,
  claim: Claim,
  now: Date,
  nextAttemptAt: Date,
  error: string,
) {
  return settle(database, claim, now, {
    next_attempt_at: nextAttemptAt.toISOString(),
    last_error: error.slice(0, 500),
  });
}

export async function countUnsent(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("sent_at", "is", null)
    .where("given_up_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
