// A lead's page: every field, its notes, its deliveries and its working state (status, assignee).
// Each change is written with a lead event (what the timeline and the dashboard read) and an audit row.
import type { LeadAnswer, LeadUpdate, Note, Staff } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import { newLeadId } from "../platform/ids";
import { recordAudit, staffActor } from "../records/audit";
import { listLeads } from "../records/lead-queries";
import { leadRow } from "./lead-inbox";

export class LeadWorkError extends Error {}

export async function getLeadAnswer(db: Kysely<DB>, id: string): Promise<LeadAnswer | undefined> {
  const r = await db
    .selectFrom("leads")
    .leftJoin("staff", "staff.id", "leads.assignee")
    .selectAll("leads")
    .select("staff.name as assignee_name")
    .where("leads.id", "=", id)
    .executeTakeFirst();
  if (!r) return undefined;
  const notes = await db
    .selectFrom("notes")
    .innerJoin("staff", "staff.id", "notes.staff_id")
    .select([
      "notes.id",
      "notes.body",
      "notes.created_at",
      "staff.id as author_id",
      "staff.name",
      "staff.email",
    ])
    .where("notes.lead_id", "=", id)
    .orderBy("notes.created_at")
    .orderBy("notes.id")
    .execute();
  const [view] = await listLeads(db, { id, spam: "include" });
  return {
    lead: { ...leadRow(r), phone: r.phone, message: r.message, details: r.details },
    notes: notes.map(
      (n): Note => ({
        id: n.id,
        body: n.body,
        createdAt: n.created_at,
        author: { id: n.author_id, name: n.name, email: n.email },
      }),
    ),
    deliveries: (view?.deliveries ?? []).map(
      ({ channel, state, attempts, nextAttemptAt, lastError, sentAt, failedAt }) => ({
        channel,
        state: state === "not-notified-spam" ? "pending" : state,
        attempts,
        nextAttemptAt,
        lastError,
        sentAt,
        failedAt,
      }),
    ),
  };
}

/**
 * Sets the status and/or the assignee. Only real changes are written (an event and an audit row
 * each). Returns false when there is no such lead; throws LeadWorkError for an unknown assignee.
 */
export async function updateLead(
  db: Kysely<DB>,
  id: string,
  change: LeadUpdate,
  staff: Staff,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .select(["status", "assignee"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lead) return false;
    const actor = { ...staffActor(staff), leadIds: [id] };
    const event = (type: "status" | "assignee", from: string | null, to: string | null) =>
      trx
        .insertInto("lead_events")
        .values({
          id: newLeadId(now),
          lead_id: id,
          at: now.toISOString(),
          staff_id: staff.id,
          type,
          from_value: from,
          to_value: to,
        })
        .execute();
    if (change.status !== undefined && change.status !== lead.status) {
      // Working the lead is contact with the person: its retention counts from now.
      await trx
        .updateTable("leads")
        .set({ status: change.status, last_activity_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
      await event("status", lead.status, change.status);
      await recordAudit(
        trx,
        { ...actor, action: "lead.status", detail: { from: lead.status, to: change.status } },
        now,
      );
    }
    if (change.assignee !== undefined && change.assignee !== lead.assignee) {
      if (change.assignee !== null) {
        const member = await trx
          .selectFrom("staff")
          .select("id")
          .where("id", "=", change.assignee)
          .where("removed_at", "is", null)
          .executeTakeFirst();
        if (!member) throw new LeadWorkError("No current member of the desk has this id.");
      }
      await trx.updateTable("leads").set({ assignee: change.assignee }).where("id", "=", id).execute();
      await event("assignee", lead.assignee, change.assignee);
      await recordAudit(
        trx,
        { ...actor, action: "lead.assign", detail: { from: lead.assignee, to: change.assignee } },
        now,
      );
    }
    return true;
  });
}

/** Appends a note (notes are never edited nor deleted); undefined when there is no such lead. */
export async function addNote(
  db: Kysely<DB>,
  leadId: string,
  body: string,
  staff: Staff,
  now: Date,
): Promise<Note | undefined> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
    if (!lead) return undefined;
    const id = newLeadId(now);
    await trx
      .insertInto("notes")
      .values({ id, lead_id: leadId, staff_id: staff.id, body, created_at: now.toISOString() })
      .execute();
    await trx
      .updateTable("leads")
      .set({ last_activity_at: now.toISOString() })
      .where("id", "=", leadId)
      .execute();
    await recordAudit(
      trx,
      { ...staffActor(staff), action: "lead.note", leadIds: [leadId], detail: { noteId: id } },
      now,
    );
    return { id, body, createdAt: now.toISOString(), author: staff };
  });
}
