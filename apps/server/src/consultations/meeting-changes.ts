// Moving and cancelling a meeting, by the visitor (signed link) or a member (desk). Each change is one
// transaction: the holds move with the meeting (or go), SEQUENCE is raised, the mails are requeued,
// and the lead's history and the audit trail say who did what.
import type { ConsultationSettings, Staff } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import { recordAudit, staffActor } from "../records/audit";
import { newLeadId } from "../platform/ids";
import type { MemberSchedule } from "./availability";
import { holdFirst, type Hold, releaseHolds } from "./booking-store";
import { dropReminders, queueMeetingMail, queueReminders } from "./mail-queue";

/** Who changes a meeting: the visitor through the link in their e-mail, or a member in the desk. */
export type ChangedBy = { visitor: true } | { staff: Staff };

const auditActor = (by: ChangedBy) =>
  "staff" in by ? staffActor(by.staff) : { actorType: "system" as const, actor: "visitor (signed link)" };

class Stop extends Error {
  constructor(readonly reason: Exclude<Hold, "held"> | "gone") {
    super(reason);
  }
}

async function confirmedMeeting(trx: Kysely<DB>, leadId: string, now: Date) {
  const m = await trx
    .selectFrom("consultations")
    .innerJoin("leads", "leads.id", "consultations.lead_id")
    .select([
      "consultations.staff_id",
      "consultations.starts_at",
      "consultations.sequence",
      "consultations.released_staff",
      "leads.email",
      "leads.assignee",
    ])
    .where("consultations.lead_id", "=", leadId)
    .where("consultations.status", "=", "confirmed")
    .executeTakeFirst();
  // A meeting that has started can no longer be moved or cancelled.
  if (!m || m.starts_at <= now.toISOString()) throw new Stop("gone");
  return m;
}

async function meetingEvent(
  trx: Kysely<DB>,
  leadId: string,
  by: ChangedBy,
  now: Date,
  from: string,
  to: string,
) {
  await trx
    .insertInto("lead_events")
    .values({
      id: newLeadId(now),
      lead_id: leadId,
      at: now.toISOString(),
      staff_id: "staff" in by ? by.staff.id : null,
      type: "meeting",
      from_value: from,
      to_value: to,
    })
    .execute();
}

export type ChangeOutcome =
  | { outcome: "done"; memberId: string }
  | { outcome: "refused"; reason: Exclude<Hold, "held"> | "gone" };

async function change(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<string>): Promise<ChangeOutcome> {
  try {
    return { outcome: "done", memberId: await db.transaction().execute(work) };
  } catch (err) {
    if (err instanceof Stop) return { outcome: "refused", reason: err.reason };
    throw err;
  }
}

/**
 * Moves a meeting to `start`, with its member if free then, else the first of `members` who is;
 * a member moved away from it is owed a cancellation (member-release).
 */
export function rescheduleMeeting(
  db: Kysely<DB>,
  opts: {
    leadId: string;
    start: Date;
    members: readonly MemberSchedule[];
    settings: ConsultationSettings;
    now: Date;
    by: ChangedBy;
    /** The visitor's zone, when they moved it from the page (their e-mails name times in it). */
    visitorZone?: string | undefined;
  },
): Promise<ChangeOutcome> {
  const { leadId, start, settings, now, by } = opts;
  return change(db, async (trx) => {
    const m = await confirmedMeeting(trx, leadId, now);
    await releaseHolds(trx, leadId);
    const order = [...opts.members].sort((a, b) => Number(b.id === m.staff_id) - Number(a.id === m.staff_id));
    const member = await holdFirst(trx, leadId, order, start, m.email, settings);
    if (typeof member === "string") throw new Stop(member);
    const moved = member.id !== m.staff_id;
    const released = new Set(JSON.parse(m.released_staff) as string[]);
    if (moved) released.add(m.staff_id);
    released.delete(member.id);
    await trx
      .updateTable("consultations")
      .set({
        staff_id: member.id,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + settings.slotMinutes * 60_000).toISOString(),
        sequence: Number(m.sequence) + 1,
        updated_at: now.toISOString(),
        released_staff: JSON.stringify([...released]),
        ...(opts.visitorZone ? { visitor_zone: opts.visitorZone } : {}),
      })
      .where("lead_id", "=", leadId)
      .execute();
    if (moved && m.assignee === m.staff_id) {
      await trx.updateTable("leads").set({ assignee: member.id }).where("id", "=", leadId).execute();
      await trx
        .insertInto("lead_events")
        .values({
          id: newLeadId(now),
          lead_id: leadId,
          at: now.toISOString(),
          staff_id: "staff" in by ? by.staff.id : null,
          type: "assignee",
          from_value: m.staff_id,
          to_value: member.id,
        })
        .execute();
    }
    await meetingEvent(trx, leadId, by, now, m.starts_at, start.toISOString());
    await queueMeetingMail(trx, leadId, "invitation", now);
    await queueMeetingMail(trx, leadId, "member-invitation", now);
    if (moved) await queueMeetingMail(trx, leadId, "member-release", now);
    await queueReminders(trx, leadId, start, now);
    await recordAudit(
      trx,
      {
        ...auditActor(by),
        action: "consultation.reschedule",
        leadIds: [leadId],
        detail: { from: m.starts_at, to: start.toISOString(), member: member.id },
      },
      now,
    );
    return member.id;
  });
}

/** Cancels a meeting: its time is free again, both parties get a CANCEL, no reminder goes. */
export function cancelMeeting(
  db: Kysely<DB>,
  opts: { leadId: string; now: Date; by: ChangedBy },
): Promise<ChangeOutcome> {
  const { leadId, now, by } = opts;
  return change(db, async (trx) => {
    const m = await confirmedMeeting(trx, leadId, now);
    await releaseHolds(trx, leadId);
    await trx
      .updateTable("consultations")
      .set({ status: "cancelled", sequence: Number(m.sequence) + 1, updated_at: now.toISOString() })
      .where("lead_id", "=", leadId)
      .execute();
    await meetingEvent(trx, leadId, by, now, m.starts_at, "cancelled");
    await queueMeetingMail(trx, leadId, "invitation", now);
    await queueMeetingMail(trx, leadId, "member-invitation", now);
    await dropReminders(trx, leadId);
    await recordAudit(
      trx,
      { ...auditActor(by), action: "consultation.cancel", leadIds: [leadId], detail: { start: m.starts_at } },
      now,
    );
    return m.staff_id;
  });
}
