// THE one module that queues deliveries: every outbox row is added, requeued, retried, dropped or
// forgotten here (the worker's claims and leases are outbox-store.ts's). A feature says which of its
// channels a lead gets and when; it never writes the outbox itself. The autoreply's "one per address
// per hour" mark (autoreply_log) is kept here too, since it decides whether that row is queued.
import type { Kysely } from "kysely";
import type { Channel, DB } from "../../platform/db/schema";
import { addressHash } from "../address-hash";

/** At most one confirmation (autoreply) per address in this time. */
const AUTOREPLY_INTERVAL_MS = 60 * 60 * 1000;

/** The team's channels of a lead (e-mail, webhook): what a booking or a chat is delivered on. */
export const teamChannels = (channels: readonly Channel[]): Channel[] =>
  channels.filter((c) => c === "email" || c === "webhook");

/** The deliveries of one new lead: its channels, queued at `at`. */
export interface NewDeliveries {
  leadId: string;
  /** The visitor's address: the autoreply is queued only if it got none within the hour. */
  email: string;
  channels: readonly Channel[];
  at: Date;
}

/**
 * One outbox row per channel of each new lead. The autoreply is queued only if the address got none
 * within the hour: an upsert that succeeds only for a stale or new hash, so concurrent transactions
 * (other instances) cannot both queue one.
 */
export async function queueDeliveries(trx: Kysely<DB>, deliveries: readonly NewDeliveries[]) {
  const rows: { lead_id: string; channel: Channel; queued_at: string; next_attempt_at: string }[] = [];
  const seen = new Set<string>();
  for (const d of deliveries) {
    const at = d.at.toISOString();
    for (const channel of d.channels) {
      if (channel === "autoreply") {
        const hash = addressHash(d.email);
        if (seen.has(hash) || !(await claimAutoreply(trx, hash, d.at))) continue;
        seen.add(hash);
      }
      rows.push({ lead_id: d.leadId, channel, queued_at: at, next_attempt_at: at });
    }
  }
  if (rows.length > 0) await trx.insertInto("outbox").values(rows).execute();
}

async function claimAutoreply(trx: Kysely<DB>, hash: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - AUTOREPLY_INTERVAL_MS).toISOString();
  const row = await trx
    .insertInto("autoreply_log")
    .values({ address_hash: hash, sent_at: now.toISOString() })
    .onConflict((oc) =>
      oc
        .column("address_hash")
        .doUpdateSet({ sent_at: now.toISOString() })
        .where("autoreply_log.sent_at", "<=", stale),
    )
    .returning("address_hash")
    .executeTakeFirst();
  return row !== undefined;
}

/** Queues the lead's deliveries on `channels` that it does not have yet (a lead found not to be spam). */
export async function queueMissing(trx: Kysely<DB>, leadId: string, channels: readonly Channel[], at: Date) {
  const when = at.toISOString();
  const rows = channels.map((channel) => ({
    lead_id: leadId,
    channel,
    queued_at: when,
    next_attempt_at: when,
  }));
  if (rows.length === 0) return;
  await trx
    .insertInto("outbox")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Queues (or requeues) the row of `channel`, queued at `at` and due then (or at `due`): a row already
 * sent, failing or given up starts afresh. A worker sending it now loses its claim, so the newest state
 * goes out; its lease is released (the meetings' mails), or kept with `keepLease` (the chat's reply
 * mail: the row is taken again once the lease runs out, and mails only what is still unread then).
 */
export async function requeueDelivery(
  trx: Kysely<DB>,
  leadId: string,
  channel: Channel,
  at: Date,
  opts: { due?: Date; keepLease?: boolean } = {},
) {
  const reset = {
    queued_at: at.toISOString(),
    next_attempt_at: (opts.due ?? at).toISOString(),
    sent_at: null,
    given_up_at: null,
    attempts: 0,
    last_error: null,
    claim_token: null,
    ...(opts.keepLease ? {} : { last_attempt_at: null, message_id: null, locked_until: null }),
  };
  await trx
    .insertInto("outbox")
    .values({ lead_id: leadId, channel, ...reset })
    .onConflict((oc) => oc.columns(["lead_id", "channel"]).doUpdateSet(reset))
    .execute();
}

/** Tries an unsent delivery again at `at` (also one given up); false when there is none to retry. */
export async function retryNow(trx: Kysely<DB>, leadId: string, channel: Channel, at: Date) {
  const when = at.toISOString();
  const r = await trx
    .updateTable("outbox")
    .set({ given_up_at: null, queued_at: when, next_attempt_at: when })
    .where("lead_id", "=", leadId)
    .where("channel", "=", channel)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Drops the lead's unsent deliveries: all of them, or those of `channels`. */
export async function dropUnsent(trx: Kysely<DB>, leadId: string, channels?: readonly Channel[]) {
  let q = trx.deleteFrom("outbox").where("lead_id", "=", leadId).where("sent_at", "is", null);
  if (channels) q = q.where("channel", "in", channels);
  await q.execute();
}

/** Forgets every delivery of the leads `ids` (they are being deleted). */
export async function forgetDeliveries(trx: Kysely<DB>, ids: readonly string[]) {
  if (ids.length > 0) await trx.deleteFrom("outbox").where("lead_id", "in", ids).execute();
}

/** Forgets the autoreply marks older than the interval (a purge), or the one of `email` (an erasure). */
export async function forgetAutoreplyMarks(trx: Kysely<DB>, opts: { now: Date } | { email: string }) {
  let q = trx.deleteFrom("autoreply_log");
  q =
    "email" in opts
      ? q.where("address_hash", "=", addressHash(opts.email))
      : q.where("sent_at", "<=", new Date(opts.now.getTime() - AUTOREPLY_INTERVAL_MS).toISOString());
  await q.execute();
}
