// What the company does with stored leads on its own initiative (purge) or at a person's request
// (export, erasure: UK GDPR articles 15 and 17). Each action and its audit row commit together; the
// leads command calls these, and so does the staff desk.
import { type Retention, retentionCutoffs, vitalsCutoffDay } from "@site/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../records/database";
import type { DB } from "../platform/db/schema";
import { type Actor, recordAudit } from "../records/audit";
import { purgeExpiredIdempotencyKeys } from "../records/intake/lead-batch";
import { exportLeads } from "../records/lead-export";
import { forgetAutoreplyMarks } from "../records/outbox/queue";
import { type LeadView, listLeads } from "../records/lead-queries";
import { DELIVERY_EXPIRY_MS } from "../records/outbox/outbox-store";
import { deleteLeadsInChunks } from "./lead-deletion";
import { purgeVitalsBefore, type VitalsPurge } from "./site-speed-purge";

const normalise = (email: string) => email.trim().toLowerCase();

export interface PurgeResult {
  enquiries: number;
  spam: number;
  /** Idempotency keys past their 24 h, besides those of the purged leads. */
  idempotencyKeys: number;
  leadIds: string[];
  /** Real-user speed figures of the days more than `retention.vitalsDays` old. */
  vitals: VitalsPurge;
  dryRun: boolean;
  /** See Database.truncateWal; null when no lead was deleted. */
  walTruncated: boolean | null;
}

/** Leads past retention at `now` whose deliveries are all made, given up or expired. */
function expiredLeads(db: Kysely<DB>, retention: Retention, now: Date) {
  const cut = retentionCutoffs(retention, now);
  const deliveryLive = new Date(now.getTime() - DELIVERY_EXPIRY_MS).toISOString();
  return (
    db
      .selectFrom("leads")
      .select(["id", "is_spam"])
      .where((eb) =>
        eb.or([
          eb.and([eb("is_spam", "=", 1), eb("created_at", "<", cut.spam.toISOString())]),
          eb.and([
            eb("is_spam", "=", 0),
            eb(eb.fn.coalesce("last_activity_at", "created_at"), "<", cut.enquiry.toISOString()),
          ]),
          // A booking never confirmed (kept out of the inbox as spam is) goes once its hold has lapsed:
          // nobody confirmed the address it names (decision 0024).
          eb.and([
            eb("is_spam", "=", 1),
            eb.exists(
              eb
                .selectFrom("consultations")
                .select("consultations.lead_id")
                .whereRef("consultations.lead_id", "=", "leads.id")
                .where("consultations.status", "=", "pending")
                .where("consultations.hold_until", "<=", now.toISOString()),
            ),
          ]),
        ]),
      )
      // A consultation is kept as long after its meeting as an enquiry after the last contact.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("consultations")
              .select("consultations.lead_id")
              .whereRef("consultations.lead_id", "=", "leads.id")
              .where("consultations.status", "!=", "pending")
              .where("consultations.ends_at", ">=", cut.enquiry.toISOString()),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("outbox")
              .select("outbox.lead_id")
              .whereRef("outbox.lead_id", "=", "leads.id")
              .where("outbox.sent_at", "is", null)
              .where("outbox.given_up_at", "is", null)
              .where("outbox.queued_at", ">", deliveryLive),
          ),
        ),
      )
      .orderBy("created_at", "asc")
  );
}

const NOTHING_ELSE = { keys: 0, vitals: { days: 0, rows: 0 } };

/** What a purge deletes besides leads: expired idempotency keys, stale autoreply marks, old speed figures. */
async function purgeTheRest(trx: Kysely<DB>, retention: Retention, now: Date) {
  const keys = await purgeExpiredIdempotencyKeys(trx, now);
  await forgetAutoreplyMarks(trx, { now });
  // A meeting's places among its address's and client's upcoming ones end as it begins: the hashes of
  // an address and of a network address are kept no longer than they count.
  await trx.deleteFrom("consultation_upcoming").where("held_until", "<=", now.toISOString()).execute();
  return { keys, vitals: await purgeVitalsBefore(trx, vitalsCutoffDay(retention, now)) };
}

/**
 * Deletes what the privacy notice says is no longer kept: enquiries `retention.enquiryMonths` after
 * the last contact, spam `retention.spamDays` after it arrived (each with its deliveries and keys),
 * expired idempotency keys, stale autoreply marks, the upcoming-meeting caps of meetings begun and
 * the speed figures of days more than `retention.vitalsDays` old. A lead with a delivery still being tried waits
 * for it. Safe when several processes purge at once: each deletes what is still there and reports
 * only that. A dry run reports the same without deleting or auditing.
 */
export async function purgeExpired(
  database: Database,
  opts: { retention: Retention; now: Date; actor: Actor; dryRun?: boolean },
): Promise<PurgeResult> {
  const { retention, now, actor, dryRun = false } = opts;
  if (dryRun) {
    const rows = await expiredLeads(database.db, retention, now).execute();
    const keys = await database.db
      .selectFrom("idempotency_keys")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("created_at", "<=", new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString())
      .executeTakeFirstOrThrow();
    const vitals = await purgeVitalsBefore(database.db, vitalsCutoffDay(retention, now), true);
    return summary(rows, Number(keys.n), vitals, true);
  }
  // A lead at a time is costly on SQLite (see DELETE_CHUNK): a large purge is several transactions,
  // each audited with its leads; the last also takes the keys, autoreply marks and speed figures.
  const { deleted, last, walTruncated } = await deleteLeadsInChunks(
    database,
    async (trx, limit) => (await expiredLeads(trx, retention, now).limit(limit).execute()).map((r) => r.id),
    async (trx, rows, last) => {
      const { keys, vitals } = last ? await purgeTheRest(trx, retention, now) : NOTHING_ELSE;
      const part = summary(rows, keys, vitals, false);
      await recordAudit(
        trx,
        {
          ...actor,
          action: "purge",
          leadIds: part.leadIds,
          detail: {
            enquiries: part.enquiries,
            spam: part.spam,
            idempotencyKeys: keys,
            enquiryMonths: retention.enquiryMonths,
            spamDays: retention.spamDays,
            vitalsDays: vitals.days,
            vitalsRows: vitals.rows,
          },
        },
        now,
      );
      return { keys, vitals };
    },
  );
  return { ...summary(deleted, last.keys, last.vitals, false), walTruncated };
}

function summary(
  rows: { id: string; is_spam: number }[],
  keys: number,
  vitals: VitalsPurge,
  dryRun: boolean,
): PurgeResult {
  const spam = rows.filter((r) => Number(r.is_spam) === 1).length;
  return {
    enquiries: rows.length - spam,
    spam,
    idempotencyKeys: keys,
    leadIds: rows.map((r) => r.id),
    vitals,
    dryRun,
    walTruncated: null,
  };
}

/** Everything stored about one address (matched case-insensitively, trimmed), spam included. */
export function findByEmail(db: Kysely<DB>, email: string): Promise<LeadView[]> {
  return listLeads(db, { email, spam: "include" });
}

/** Article 15: the leads of one address, with the export written to the audit trail (ids only). */
export function exportByEmail(
  database: Database,
  opts: { email: string; format: "json" | "csv"; now: Date; actor: Actor },
): Promise<LeadView[]> {
  const { email, ...rest } = opts;
  return exportLeads(database, { ...rest, filter: { email, spam: "include" as const }, byEmail: true });
}

/**
 * Article 17: deletes every lead of one address with its deliveries, idempotency keys and autoreply
 * mark, in one transaction with its audit row (which holds the ids and the count, never the address).
 */
export async function eraseByEmail(
  database: Database,
  opts: { email: string; now: Date; actor: Actor },
): Promise<{ leadIds: string[]; walTruncated: boolean | null }> {
  const { deleted, walTruncated } = await deleteLeadsInChunks(
    database,
    async (trx, limit) =>
      (
        await trx
          .selectFrom("leads")
          .select("id")
          .where(sql`lower(email)`, "=", normalise(opts.email))
          .limit(limit)
          .execute()
      ).map((r) => r.id),
    async (trx, rows, last) => {
      if (last) {
        await forgetAutoreplyMarks(trx, { email: opts.email });
      }
      const leadIds = rows.map((r) => r.id);
      await recordAudit(
        trx,
        { ...opts.actor, action: "erase", leadIds, detail: { leads: leadIds.length } },
        opts.now,
      );
    },
  );
  return { leadIds: deleted.map((r) => r.id), walTruncated };
}
