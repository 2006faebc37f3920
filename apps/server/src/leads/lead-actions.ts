// What a member does to a lead besides working it: spam decisions, retrying a delivery, erasing the
// person's data, exporting. Each writes the audit trail with the member's id.
import type { DeliveryChannel, InboxFilters, Staff } from "@site/contracts/desk";
import { sql } from "kysely";
import type { Database } from "../platform/db/database";
import type { Channel } from "../platform/db/schema";
import { recordAudit } from "../records/audit";
import { eraseByEmail, exportLeads } from "../privacy/data-rights";
import { newLeadId } from "../platform/ids";
import { inboxLeadIds } from "./lead-inbox";

const staffActor = (staff: Staff) => ({ actorType: "staff" as const, actor: staff.id });

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
    const at = now.toISOString();
    if (spam) {
      await trx.deleteFrom("outbox").where("lead_id", "=", id).where("sent_at", "is", null).execute();
    } else {
      const rows = opts.channels
        .filter((c) => c !== "autoreply")
        .map((channel) => ({ lead_id: id, channel, queued_at: at, next_attempt_at: at }));
      if (rows.length)
        await trx
          .insertInto("outbox")
          .values(rows)
          .onConflict((oc) => oc.doNothing())
          .execute();
    }
    await trx
      .insertInto("lead_events")
      .values({
        id: newLeadId(now),
        lead_id: id,
        at,
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
  const at = opts.now.toISOString();
  return database.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable("outbox")
      .set({ given_up_at: null, queued_at: at, next_attempt_at: at })
      .where("lead_id", "=", opts.id)
      .where("channel", "=", opts.channel)
      .where("sent_at", "is", null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
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

/** The address of a lead and how many leads (spam included) an erasure of it would remove. */
export async function erasurePreview(database: Database, id: string) {
  const lead = await database.db.selectFrom("leads").select("email").where("id", "=", id).executeTakeFirst();
  if (!lead) return undefined;
  const r = await database.db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(sql`lower(email)`, "=", lead.email.trim().toLowerCase())
    .executeTakeFirstOrThrow();
  return { email: lead.email, leads: Number(r.n) };
}

/** Erases every lead of this lead's address (issue 15's erasure, audited as the member). */
export async function eraseLeadPerson(database: Database, opts: { id: string; staff: Staff; now: Date }) {
  const preview = await erasurePreview(database, opts.id);
  if (!preview) return undefined;
  const { leadIds } = await eraseByEmail(database, {
    email: preview.email,
    now: opts.now,
    actor: staffActor(opts.staff),
  });
  return { erased: leadIds.length };
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
