import { type LeadKind, type QuotationService, quotationServiceLabel } from "@site/contracts";
import type { Kysely, Selectable } from "kysely";
import { randomUUID } from "node:crypto";
import type { DB, LeadsTable, OutboxTable } from "../db/schema";
import { newLeadId } from "./ids";

/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface NewLead {
  kind: LeadKind;
  name: string;
  email: string;
  phone: string;
  company?: string | undefined;
  service?: string | undefined;
  message?: string | undefined;
  details?: string | undefined;
  isSpam: boolean;
}

export interface IdempotencyInput {
  key: string;
  /** Hash of the validated payload: the same key with another payload is refused. */
  requestHash: string;
}

export type CreateResult =
  | { outcome: "created"; id: string; status: 201; body: { id: string } }
  | { outcome: "replay"; status: number; body: unknown }
  | { outcome: "key_reused" };

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || (typeof code === "string" && code.startsWith("SQLITE_CONSTRAINT"));
}

async function findKey(db: Kysely<DB>, kind: LeadKind, idem: IdempotencyInput, now: Date) {
  const row = await db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("kind", "=", kind)
    .where("key", "=", idem.key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.created_at <= new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString()) return "expired" as const;
  return row;
}

/**
 * Stores a lead, its outbox row (unless spam) and the idempotency record in ONE transaction.
 * When the key was seen within 24 h, nothing is stored and the first answer is returned.
 */
export async function createLead(
  db: Kysely<DB>,
  lead: NewLead,
  now: Date,
  idem?: IdempotencyInput,
): Promise<CreateResult> {
  const nowIso = now.toISOString();
  const attempt = () =>
    db.transaction().execute(async (trx): Promise<CreateResult> => {
      if (idem) {
        const existing = await findKey(trx, lead.kind, idem, now);
        if (existing === "expired") {
          await trx
            .deleteFrom("idempotency_keys")
            .where("kind", "=", lead.kind)
            .where("key", "=", idem.key)
            .execute();
        } else if (existing) {
          if (existing.request_hash !== idem.requestHash) return { outcome: "key_reused" };
          return {
            outcome: "replay",
            status: existing.status_code,
            body: JSON.parse(existing.response_body) as unknown,
          };
        }
      }
      const id = newLeadId(now);
      await trx
        .insertInto("leads")
        .values({
          id,
          kind: lead.kind,
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          company: lead.company ?? null,
          service: lead.service ?? null,
          message: lead.message ?? null,
          details: lead.details ?? null,
          is_spam: lead.isSpam ? 1 : 0,
          created_at: nowIso,
        })
        .execute();
      if (!lead.isSpam) {
        await trx.insertInto("outbox").values({ lead_id: id, next_attempt_at: nowIso }).execute();
      }
      const body = { id };
      if (idem) {
        await trx
          .insertInto("idempotency_keys")
          .values({
            kind: lead.kind,
            key: idem.key,
            request_hash: idem.requestHash,
            status_code: 201,
            response_body: JSON.stringify(body),
            created_at: nowIso,
          })
          .execute();
      }
      return { outcome: "created", id, status: 201, body };
    });
  try {
    return await attempt();
  } catch (err) {
    // Two requests with the same key raced: the loser's transaction rolled back; answer as a replay.
    if (idem && isUniqueViolation(err)) return attempt();
    throw err;
  }
}

export async function purgeExpiredIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const r = await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<=", new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---------------------------------------------------------------------------------------------
// Reading leads (CLI)

export type NotificationState = "pending" | "sent" | "failed-retrying" | "not-notified-spam";

export interface LeadView {
  id: string;
  kind: LeadKind;
  createdAt: string;
  spam: boolean;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  service: string | null;
  serviceLabel: string | null;
  message: string | null;
  details: string | null;
  notification: {
    state: NotificationState;
    attempts: number;
    nextAttemptAt: string | null;
    lastAttemptAt: string | null;
    lastError: string | null;
    sentAt: string | null;
    messageId: string | null;
  };
}

export interface LeadFilter {
  kind?: LeadKind | undefined;
  since?: Date | undefined;
  /** "exclude" (default): real leads only; "only": spam only; "include": both. */
  spam?: "exclude" | "only" | "include";
  id?: string;
}

type Joined = Selectable<LeadsTable> & {
  attempts: number | null;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  message_id: string | null;
};

function toView(r: Joined): LeadView {
  const spam = Number(r.is_spam) === 1;
  const attempts = Number(r.attempts ?? 0);
  const state: NotificationState = spam
    ? "not-notified-spam"
    : r.sent_at
      ? "sent"
      : attempts > 0
        ? "failed-retrying"
        : "pending";
  return {
    id: r.id,
    kind: r.kind,
    createdAt: r.created_at,
    spam,
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    service: r.service,
    serviceLabel: r.service ? quotationServiceLabel(r.service as QuotationService) : null,
    message: r.message,
    details: r.details,
    notification: {
      state,
      attempts,
      nextAttemptAt: spam || r.sent_at ? null : r.next_attempt_at,
      lastAttemptAt: r.last_attempt_at,
      lastError: r.last_error,
      sentAt: r.sent_at,
      messageId: r.message_id,
    },
  };
}

export async function listLeads(db: Kysely<DB>, filter: LeadFilter = {}): Promise<LeadView[]> {
  let q = db
    .selectFrom("leads")
    .leftJoin("outbox", "outbox.lead_id", "leads.id")
    .selectAll("leads")
    .select([
      "outbox.attempts",
      "outbox.next_attempt_at",
      "outbox.last_attempt_at",
      "outbox.last_error",
      "outbox.sent_at",
      "outbox.message_id",
    ])
    .orderBy("leads.created_at", "asc")
    .orderBy("leads.id", "asc");
  if (filter.id) q = q.where("leads.id", "=", filter.id);
  if (filter.kind) q = q.where("leads.kind", "=", filter.kind);
  if (filter.since) q = q.where("leads.created_at", ">=", filter.since.toISOString());
  const spam = filter.spam ?? "exclude";
  if (spam === "exclude") q = q.where("leads.is_spam", "=", 0);
  if (spam === "only") q = q.where("leads.is_spam", "=", 1);
  const rows = (await q.execute()) as Joined[];
  return rows.map(toView);
}

export async function getLead(db: Kysely<DB>, id: string): Promise<LeadView | undefined> {
  const [lead] = await listLeads(db, { id, spam: "include" });
  return lead;
}

// ---------------------------------------------------------------------------------------------
// Outbox

export interface Claim {
  leadId: string;
  token: string;
  attempts: number;
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
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]))
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
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", nowIso)]))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1)
      claims.push({ leadId: c.lead_id, token, attempts: Number(c.attempts) });
  }
  return claims;
}

export async function markSent(db: Kysely<DB>, claim: Claim, now: Date, messageId: string) {
  const nowIso = now.toISOString();
  await db
    .updateTable("outbox")
    .set({
      sent_at: nowIso,
      last_attempt_at: nowIso,
      message_id: messageId,
      attempts: claim.attempts + 1,
      last_error: null,
      locked_until: null,
      claim_token: null,
    })
    .where("lead_id", "=", claim.leadId)
    .where("claim_token", "=", claim.token)
    .execute();
}

export async function markFailed(
  db: Kysely<DB>,
  claim: Claim,
  now: Date,
  nextAttemptAt: Date,
  error: string,
) {
  await db
    .updateTable("outbox")
    .set({
      attempts: claim.attempts + 1,
      last_attempt_at: now.toISOString(),
      next_attempt_at: nextAttemptAt.toISOString(),
      last_error: error.slice(0, 500),
      locked_until: null,
      claim_token: null,
    })
    .where("lead_id", "=", claim.leadId)
    .where("claim_token", "=", claim.token)
    .execute();
}

export async function countUnsent(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("sent_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export type OutboxRow = Selectable<OutboxTable>;
