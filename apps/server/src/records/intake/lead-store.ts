import type { LeadCreatedBody, QuotationService, StoredLeadKind } from "@site/contracts";
import type { Kysely } from "kysely";
import { createHash } from "node:crypto";
import type { Channel, DB, IdempotencyKeysTable } from "../../platform/db/schema";
import { newLeadId } from "../../platform/ids";

/** How long an Idempotency-Key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface NewLead {
  kind: StoredLeadKind;
  name: string;
  email: string;
  phone: string;
  company?: string | undefined;
  service?: QuotationService | undefined;
  message?: string | undefined;
  details?: string | undefined;
  isSpam: boolean;
}

interface IdempotencyInput {
  key: string;
  /** Hash of the validated payload: the same key with another payload is refused. */
  requestHash: string;
}

/** One lead to store, as the request handed it over. */
export interface LeadWrite {
  lead: NewLead;
  now: Date;
  idem?: IdempotencyInput | undefined;
  /** The configured channels to notify (none for spam); an autoreply only within AUTOREPLY_INTERVAL. */
  channels?: readonly Channel[] | undefined;
}

/** At most one confirmation per address in this time. */
const AUTOREPLY_INTERVAL_MS = 60 * 60 * 1000;

/** How an address is remembered for the autoreply limit: a hash, never the address. */
export function addressHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

export type CreateResult =
  | { outcome: "created"; id: string; status: 201; body: LeadCreatedBody }
  | { outcome: "replay"; status: number; body: LeadCreatedBody }
  | { outcome: "key_reused" };

/**
 * What became of one write in a batch. "raced": another transaction (another instance) committed
 * the same Idempotency-Key after this batch read the keys; nothing of it was stored, and writing it
 * again answers it as a replay.
 */
export type BatchOutcome = CreateResult | { outcome: "raced" };

/** The oldest creation time (ISO) of a key that is still honoured at `now`; older keys are expired. */
function expiryCutoff(now: Date): string {
  return new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
}

/** Two writes with the same key must not share a batch: the second is judged against the first. */
export function batchKey(w: LeadWrite): string | undefined {
  return w.idem && `${w.lead.kind}\n${w.idem.key}`;
}

async function readKeys(trx: Kysely<DB>, writes: readonly LeadWrite[]) {
  const keyed = writes.filter((w) => w.idem);
  if (keyed.length === 0) return new Map<string, IdempotencyKeysTable>();
  const rows = await trx
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("kind", "in", [...new Set(keyed.map((w) => w.lead.kind))])
    .where("key", "in", [...new Set(keyed.map((w) => w.idem!.key))])
    .execute();
  return new Map(rows.map((r) => [`${r.kind}\n${r.key}`, r]));
}

/**
 * Stores a batch of leads in the transaction `trx` (whose commit the caller awaits): each lead with
 * its outbox row (unless spam) and its idempotency record. A key seen within 24 h stores nothing
 * and gives back the first answer (or key_reused for another payload). A handful of statements per
 * batch, whatever its size. The writes' keys must be distinct (see batchKey).
 */
export async function writeLeadBatch(trx: Kysely<DB>, writes: readonly LeadWrite[]): Promise<BatchOutcome[]> {
  const known = await readKeys(trx, writes);
  const outcomes: (BatchOutcome | undefined)[] = [];
  const expired: LeadWrite[] = [];
  const fresh: { i: number; w: LeadWrite; id: string }[] = [];
  writes.forEach((w, i) => {
    const existing = w.idem && known.get(batchKey(w)!);
    if (existing && existing.created_at > expiryCutoff(w.now)) {
      // The first answer, exactly as it was stored below.
      outcomes[i] =
        existing.request_hash === w.idem!.requestHash
          ? { outcome: "replay", status: existing.status_code, body: JSON.parse(existing.response_body) }
          : { outcome: "key_reused" };
      return;
    }
    if (existing) expired.push(w);
    fresh.push({ i, w, id: newLeadId(w.now) });
  });

  for (const w of expired) {
    await trx
      .deleteFrom("idempotency_keys")
      .where("kind", "=", w.lead.kind)
      .where("key", "=", w.idem!.key)
      .execute();
  }
  // Keys first: one that another transaction committed meanwhile is not inserted, and its lead is left out.
  const keyRows = fresh
    .filter((f) => f.w.idem)
    .map(({ w, id }) => ({
      kind: w.lead.kind,
      key: w.idem!.key,
      request_hash: w.idem!.requestHash,
      status_code: 201,
      response_body: JSON.stringify({ id } satisfies LeadCreatedBody),
      created_at: w.now.toISOString(),
      lead_id: id,
    }));
  const raced = new Set<string>();
  if (keyRows.length > 0) {
    const inserted = await trx
      .insertInto("idempotency_keys")
      .values(keyRows)
      .onConflict((oc) => oc.doNothing())
      .returning(["kind", "key"])
      .execute();
    const won = new Set(inserted.map((r) => `${r.kind}\n${r.key}`));
    for (const r of keyRows) if (!won.has(`${r.kind}\n${r.key}`)) raced.add(`${r.kind}\n${r.key}`);
  }
  const stored = fresh.filter(({ i, w }) => {
    if (!raced.has(batchKey(w) ?? "")) return true;
    outcomes[i] = { outcome: "raced" };
    return false;
  });
  if (stored.length > 0) {
    await trx
      .insertInto("leads")
      .values(
        stored.map(({ w, id }) => ({
          id,
          kind: w.lead.kind,
          name: w.lead.name,
          email: w.lead.email,
          phone: w.lead.phone,
          company: w.lead.company ?? null,
          service: w.lead.service ?? null,
          message: w.lead.message ?? null,
          details: w.lead.details ?? null,
          is_spam: w.lead.isSpam ? 1 : 0,
          created_at: w.now.toISOString(),
          last_activity_at: w.now.toISOString(),
        })),
      )
      .execute();
    await queueDeliveries(trx, stored);
  }
  for (const { i, id } of stored) outcomes[i] = { outcome: "created", id, status: 201, body: { id } };
  return outcomes as BatchOutcome[];
}

/**
 * One outbox row per channel of each stored lead (spam has none). The autoreply is queued only if
 * the address got none within the hour: an upsert that succeeds only for a stale or new hash, so
 * concurrent transactions (other instances) cannot both queue one.
 */
async function queueDeliveries(trx: Kysely<DB>, stored: readonly { w: LeadWrite; id: string }[]) {
  const rows: { lead_id: string; channel: Channel; queued_at: string; next_attempt_at: string }[] = [];
  const seen = new Set<string>();
  for (const { w, id } of stored) {
    if (w.lead.isSpam) continue;
    const at = w.now.toISOString();
    for (const channel of w.channels ?? ["email"]) {
      if (channel === "autoreply") {
        const hash = addressHash(w.lead.email);
        if (seen.has(hash) || !(await claimAutoreply(trx, hash, w.now))) continue;
        seen.add(hash);
      }
      rows.push({ lead_id: id, channel, queued_at: at, next_attempt_at: at });
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

export async function purgeExpiredIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const r = await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<=", expiryCutoff(now))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
