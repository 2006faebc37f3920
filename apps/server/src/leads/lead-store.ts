import type { LeadCreatedBody, LeadKind, QuotationService } from "@site/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { newLeadId } from "./ids";

/** How long an Idempotency-Key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface NewLead {
  kind: LeadKind;
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

type CreateResult =
  | { outcome: "created"; id: string; status: 201; body: LeadCreatedBody }
  | { outcome: "replay"; status: number; body: LeadCreatedBody }
  | { outcome: "key_reused" };

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || (typeof code === "string" && code.startsWith("SQLITE_CONSTRAINT"));
}

/** The oldest creation time (ISO) of a key that is still honoured at `now`; older keys are expired. */
function expiryCutoff(now: Date): string {
  return new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
}

async function findKey(db: Kysely<DB>, kind: LeadKind, idem: IdempotencyInput, now: Date) {
  const row = await db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("kind", "=", kind)
    .where("key", "=", idem.key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.created_at <= expiryCutoff(now)) return "expired" as const;
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
          // The first answer, exactly as it was stored below.
          const body: LeadCreatedBody = JSON.parse(existing.response_body);
          return { outcome: "replay", status: existing.status_code, body };
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
      const body: LeadCreatedBody = { id };
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
    .where("created_at", "<=", expiryCutoff(now))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
