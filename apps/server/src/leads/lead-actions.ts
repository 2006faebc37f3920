// What a member does to a lead besides working it: spam decisions, retrying a delivery, exporting
// (erasing the person's data is privacy/erasure.ts's). Each writes the audit trail with the member's id.
import type { DeliveryChannel, InboxFilters, Staff } from "@site/contracts/desk";
import type { Database } from "../records/database";
import type { Channel } from "../platform/db/schema";
import { recordAudit, staffActor } from "../records/audit";
import { exportLeads } from "../records/lead-export";
import { dropUnsent, queueMissing, retryNow } from "../records/outbox/queue";
import { newLeadId } from "../platform/ids";
import { inboxLeadIds } from "./lead-inbox";

/**
 * Marks a lead as spam (its unsent deliveries are dropped: nobody is told about spam) or not spam
 * (the deliveries spam skipped are queued on the configured channels, the visitor's confirmation
 * excepted: it would come late and unasked). False when there is no such lead.
 */
export async function setSpam(
  database: Database,
  opts: { id: string; spam: boolean; staff: Staff; now: Date; channels: readonly Channel[] },
): Promise<boolean> {
  const { id, spam, staff, now } = opts;
  return database.db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("is_spam").where("id", "=", id).executeTakeFirst();
    if (!lead) return false;
    if ((Number(lead.is_spam) === 1) === spam) return true;
    await trx
      .updateTable("leads")
      .set({ is_spam: spam ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    if (spam) await dropUnsent(trx, id);
    else
      await queueMissing(
        trx,
        id,
        opts.channels.filter((c) => c !== "autoreply"),
        now,
      );
    await trx
      .insertInto("lead_events")
      .values({
        id: newLeadId(now),
        lead_id: id,
        at: now.toISOString(),
        staff_id: staff.id,
        type: "spam",
        from_value: spam ? "not-spam" : "spam",
        to_value: spam ? "spam" : "not-spam",
      })
      .execute();
    await recordAudit(
      trx,
      { ...staffActor(staff), action: spam ? "lead.spam" : "lead.not-spam", leadIds: [id] },
      now,
    );
    return true;
  });
}

/** Tries an unsent delivery again now (also one given up). False when there is none to retry. */
export async function retryDelivery(
  database: Database,
  opts: { id: string; channel: DeliveryChannel; staff: Staff; now: Date },
): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    if (!(await retryNow(trx, opts.id, opts.channel, opts.now))) return false;
    await recordAudit(
      trx,
      {
        ...staffActor(opts.staff),
        action: "delivery.retry",
        leadIds: [opts.id],
        detail: { channel: opts.channel },
      },
      opts.now,
    );
    return true;
  });
}

/** The leads of the inbox's current filters (all pages), for the CSV export; audited. */
export function exportInbox(database: Database, opts: { filters: InboxFilters; staff: Staff; now: Date }) {
  return exportLeads(database, {
    filter: { spam: "include", idsIn: inboxLeadIds(database, opts.filters, opts.staff.id) },
    format: "csv",
    now: opts.now,
    actor: staffActor(opts.staff),
  });
}
