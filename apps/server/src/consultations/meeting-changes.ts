// Moving and cancelling a meeting, by the visitor (signed link) or a member (desk), and cancelling every
// upcoming meeting of one address (desk). Each change is one transaction: the holds move with the
// meeting (or go), SEQUENCE is raised, the mails are requeued, and the lead's history and the audit
// trail say who did what. A pending meeting (not confirmed yet) cannot be moved; cancelled, it frees
// its holds and mails nothing (nobody was invited).
import type { ConsultationSettings, Staff } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import { recordAudit, staffActor } from "../records/audit";
import { newLeadId } from "../platform/ids";
import type { MemberSchedule } from "./availability";
import { holdFirst, moveCaps, type Refused, releaseHolds, releaseTimeHolds } from "./holds";
import { dropReminders, queueMeetingMail, queueReminders } from "./mail-queue";
import { dropUnsent } from "../records/outbox/queue";

/** Who changes a meeting: the visitor through the link in their e-mail, or a member in the desk. */
export type ChangedBy = { visitor: true } | { staff: Staff };

const auditActor = (by: ChangedBy) =>
  "staff" in by ? staffActor(by.staff) : { actorType: "system" as const, actor: "visitor (signed link)" };

/** Why a change cannot be made: a hold refused, the meeting gone, or not confirmed (yet, or in time). */
export type ChangeRefused = Refused | "gone" | "not_confirmed" | "expired";

class Stop extends Error {
  constructor(readonly reason: ChangeRefused) {
    super(reason);
  }
}

/**
 * The meeting to change, while it can be: not started, not cancelled; a pending one only where
 * `pending` allows it (a cancellation) and only while its hold lasts.
 */
async function changeableMeeting(trx: Kysely<DB>, leadId: string, now: Date, pending: boolean) {
  const m = await trx
    .selectFrom("consultations")
    .innerJoin("leads", "leads.id", "consultations.lead_id")
    .select([
      "consultations.status",
      "consultations.hold_until",
      "consultations.staff_id",
      "consultations.starts_at",
      "consultations.sequence",
      "consultations.released_staff",
      "leads.email",
      "leads.assignee",
    ])
    .where("consultations.lead_id", "=", leadId)
    .where("consultations.status", "!=", "cancelled")
    .executeTakeFirst();
  // A meeting that has started can no longer be moved or cancelled.
  if (!m || m.starts_at <= now.toISOString()) throw new Stop("gone");
  if (m.status === "pending") {
    if (!m.hold_until || m.hold_until <= now.toISOString()) throw new Stop("expired");
    if (!pending) throw new Stop("not_confirmed");
  }
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

/** Why meeting `leadId` cannot be moved now (read outside a change; the change checks again), or undefined. */
export async function whyUnchangeable(
  db: Kysely<DB>,
  leadId: string,
  now: Date,
): Promise<ChangeRefused | undefined> {
  try {
    await changeableMeeting(db, leadId, now, false);
    return undefined;
  } catch (err) {
    if (err instanceof Stop) return err.reason;
    throw err;
  }
}

export type ChangeOutcome<T = string> =
  | { outcome: "done"; result: T }
  | { outcome: "refused"; reason: ChangeRefused };

async function change<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<ChangeOutcome<T>> {
  try {
    return { outcome: "done", result: await db.transaction().execute(work) };
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
    const m = await changeableMeeting(trx, leadId, now, false);
    await releaseTimeHolds(trx, leadId);
    const order = [...opts.members].sort((a, b) => Number(b.id === m.staff_id) - Number(a.id === m.staff_id));
    const terms = { leadId, heldUntil: null, now: now.toISOString() };
    const member = await holdFirst(trx, terms, order, start, m.email, settings);
    if (typeof member === "string") throw new Stop(member);
    await moveCaps(trx, leadId, start);
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

/**
 * Cancels one meeting inside `trx`: its time is free again; a standing one's parties get a CANCEL
 * and no reminder goes; a pending one mails nothing (its confirmation link, if unsent, is dropped).
 */
async function cancelIn(trx: Kysely<DB>, leadId: string, now: Date, by: ChangedBy) {
  const m = await changeableMeeting(trx, leadId, now, true);
  await releaseHolds(trx, leadId);
  await trx
    .updateTable("consultations")
    .set({
      status: "cancelled",
      sequence: Number(m.sequence) + 1,
      updated_at: now.toISOString(),
      hold_until: null,
    })
    .where("lead_id", "=", leadId)
    .execute();
  await meetingEvent(trx, leadId, by, now, m.starts_at, "cancelled");
  if (m.status === "pending") {
    await dropUnsent(trx, leadId, ["confirm-link"]);
  } else {
    await queueMeetingMail(trx, leadId, "invitation", now);
    await queueMeetingMail(trx, leadId, "member-invitation", now);
    await dropReminders(trx, leadId);
  }
  return m;
}

/** Cancels a meeting: its time is free again, both parties get a CANCEL, no reminder goes. */
export function cancelMeeting(
  db: Kysely<DB>,
  opts: { leadId: string; now: Date; by: ChangedBy },
): Promise<ChangeOutcome> {
  const { leadId, now, by } = opts;
  return change(db, async (trx) => {
    const m = await cancelIn(trx, leadId, now, by);
    await recordAudit(
      trx,
      { ...auditActor(by), action: "consultation.cancel", leadIds: [leadId], detail: { start: m.starts_at } },
      now,
    );
    return m.staff_id;
  });
}

/**
 * Cancels, in one transaction, every upcoming meeting of the address of meeting `leadId` (compared
 * as the address rule does: trimmed, any case): those standing and those pending whose hold lasts.
 * One audit row names them all. Returns their lead ids (none: nothing was upcoming).
 */
export function cancelAddress(
  db: Kysely<DB>,
  opts: { leadId: string; now: Date; staff: Staff },
): Promise<ChangeOutcome<string[]>> {
  const { leadId, now, staff } = opts;
  const at = now.toISOString();
  return change(db, async (trx) => {
    const lead = await trx.selectFrom("leads").select("email").where("id", "=", leadId).executeTakeFirst();
    if (!lead) throw new Stop("gone");
    const address = lead.email.trim().toLowerCase();
    const rows = await trx
      .selectFrom("consultations as c")
      .innerJoin("leads as l", "l.id", "c.lead_id")
      .select("c.lead_id")
      .where((eb) => eb(eb.fn("lower", [eb.fn("trim", ["l.email"])]), "=", address))
      .where("c.starts_at", ">", at)
      .where((eb) =>
        eb.or([
          eb("c.status", "=", "confirmed"),
          eb.and([eb("c.status", "=", "pending"), eb("c.hold_until", ">", at)]),
        ]),
      )
      .orderBy("c.starts_at")
      .execute();
    const ids = rows.map((r) => r.lead_id);
    for (const id of ids) await cancelIn(trx, id, now, { staff });
    await recordAudit(
      trx,
      {
        ...staffActor(staff),
        action: "consultation.cancel-address",
        leadIds: ids,
        detail: { cancelled: ids.length },
      },
      now,
    );
    return ids;
  });
}
