// A batch of the forms' leads (POST /contact, /quotation), as the group commit hands it over
// (lead-writer.ts): each lead with its idempotency record, stored through the one writer of leads.
import type { LeadCreatedBody } from "@site/contracts";
import type { Kysely } from "kysely";
import { type Spend, spendChallenges } from "../../platform/challenge/spent-challenges";
import type { Channel, DB, IdempotencyKeysTable } from "../../platform/db/schema";
import { newLeadId } from "../../platform/ids";
import { type NewLead, storeLeads } from "./store-leads";

/** How long an Idempotency-Key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

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
  /**
   * The request's checked proof-of-work solution, spent with the lead; without one, or when it was
   * spent before, the lead is stored as unverified.
   */
  challenge?: Spend | undefined;
}

export type CreateResult =
  | { outcome: "created"; id: string; status: 201; body: LeadCreatedBody; unverified: boolean }
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
  // Each solution counts once: the first lead in the batch that carries it, if no one spent it before.
  const spent = await spendChallenges(
    trx,
    stored.flatMap(({ w }) => (w.challenge ? [w.challenge] : [])),
  );
  const entries = stored.map(({ i, w, id }) => {
    const verified = w.challenge !== undefined && spent.delete(w.challenge.id);
    return {
      i,
      id,
      lead: { ...w.lead, unverified: !verified },
      now: w.now,
      channels: w.channels ?? ["email"],
    };
  });
  await storeLeads(trx, entries);
  for (const { i, id, lead } of entries) {
    outcomes[i] = { outcome: "created", id, status: 201, body: { id }, unverified: lead.unverified };
  }
  return outcomes as BatchOutcome[];
}

export async function purgeExpiredIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const r = await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<=", expiryCutoff(now))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
