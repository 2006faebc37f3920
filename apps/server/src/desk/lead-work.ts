// A lead's page: every field, its notes, its working state (status, assignee) and its timeline.
// Each change is written with a lead event (what the timeline and the dashboard read) and an audit row.
import { quotationServiceLabel } from "@site/contracts";
import type { LeadAnswer, LeadStatus, LeadUpdate, Note, Staff, TimelineItem } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { newLeadId } from "../leads/ids";
import { recordAudit } from "../leads/audit-log";

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
  return {
    lead: {
      id: r.id,
      kind: r.kind,
      createdAt: r.created_at,
      spam: Number(r.is_spam) === 1,
      status: r.status,
      assignee: r.assignee ? { id: r.assignee, name: r.assignee_name ?? "" } : null,
      name: r.name,
      email: r.email,
      phone: r.phone,
      company: r.company,
      service: r.service,
      serviceLabel: r.service ? quotationServiceLabel(r.service) : null,
      message: r.message,
      details: r.details,
    },
    notes: notes.map(
      (n): Note => ({
        id: n.id,
        body: n.body,
        createdAt: n.created_at,
        author: { id: n.author_id, name: n.name, email: n.email },
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
    const actor = { actorType: "staff" as const, actor: staff.id, leadIds: [id] };
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
      await trx.updateTable("leads").set({ status: change.status }).where("id", "=", id).execute();
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
    await recordAudit(
      trx,
      { actorType: "staff", actor: staff.id, action: "lead.note", leadIds: [leadId], detail: { noteId: id } },
      now,
    );
    return { id, body, createdAt: now.toISOString(), author: staff };
  });
}

/** What happened to a lead, oldest first: received, status and assignee changes, notes. */
export async function leadTimeline(db: Kysely<DB>, leadId: string): Promise<TimelineItem[] | undefined> {
  const lead = await db
    .selectFrom("leads")
    .select(["kind", "created_at"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) return undefined;
  const names = new Map(
    (await db.selectFrom("staff").select(["id", "name"]).execute()).map((s) => [s.id, s.name] as const),
  );
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? "" } : null);
  const events = await db.selectFrom("lead_events").selectAll().where("lead_id", "=", leadId).execute();
  const notes = await db
    .selectFrom("notes")
    .select(["id", "staff_id", "created_at"])
    .where("lead_id", "=", leadId)
    .execute();
  const items: TimelineItem[] = [
    { type: "received", at: lead.created_at, kind: lead.kind },
    ...events.map(
      (e): TimelineItem =>
        e.type === "status"
          ? {
              type: "status",
              at: e.at,
              actor: person(e.staff_id),
              from: e.from_value as LeadStatus | null,
              to: e.to_value as LeadStatus,
            }
          : {
              type: "assignee",
              at: e.at,
              actor: person(e.staff_id),
              from: person(e.from_value),
              to: person(e.to_value),
            },
    ),
    ...notes.map(
      (n): TimelineItem => ({ type: "note", at: n.created_at, actor: person(n.staff_id), noteId: n.id }),
    ),
  ];
  // By time; at the same instant in the order things happen in one request.
  const rank = { received: 0, status: 1, assignee: 2, note: 3 };
  return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : rank[a.type] - rank[b.type]));
}
