// Booking and confirming a meeting. The slot computation proposes; the database decides: a meeting is
// stored only with its holds (holds.ts), whose primary keys refuse a second holder, so two visitors who
// book one slot at once cannot both get it, nor one address or client more than its upcoming meetings.
// When bookings wait for a confirmed address, a booking is `pending`: its holds last CONFIRM_WITHIN_MINUTES,
// its lead is kept out of the inbox (as spam is) and only the confirmation link is mailed; confirming
// keeps the holds for good and sends what a booking sends at once otherwise.
import { type Booking, CONFIRM_WITHIN_MINUTES } from "@site/contracts/consultation";
import type { ConsultationSettings } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { Channel, DB } from "../platform/db/schema";
import { newLeadId } from "../platform/ids";
import { type NewLead, storeLeads } from "../records/intake/store-leads";
import { queueMissing, teamChannels } from "../records/outbox/queue";
import type { MemberSchedule } from "./availability";
import { countHolds, holdCaps, holdFirst, keepHolds, type Refused } from "./holds";
import { queueMeetingMail, queueReminders } from "./mail-queue";

/** Thrown inside a transaction to roll it back with the reason. */
class Stop<R extends string> extends Error {
  constructor(readonly reason: R) {
    super(reason);
  }
}

async function rollbackOn<T, R extends string>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T | { refused: R }> {
  try {
    return await db.transaction().execute(work);
  } catch (err) {
    if (err instanceof Stop) return { refused: err.reason as R };
    throw err;
  }
}

/** A pending meeting's hold: CONFIRM_WITHIN_MINUTES, never past its start (nothing is confirmed once begun). */
export const holdEnd = (now: Date, start: Date) =>
  new Date(Math.min(now.getTime() + CONFIRM_WITHIN_MINUTES * 60_000, start.getTime()));

export type BookOutcome =
  | { outcome: "booked"; leadId: string; memberId: string; pending: boolean }
  | { outcome: "refused"; reason: Refused };

/** The invitations, the reminders and the team's notification of a meeting that stands. */
async function queueStanding(trx: Kysely<DB>, leadId: string, start: Date, now: Date) {
  await queueMeetingMail(trx, leadId, "invitation", now);
  await queueMeetingMail(trx, leadId, "member-invitation", now);
  await queueReminders(trx, leadId, start, now);
}

/**
 * Stores the visitor's lead (kind "consultation", assigned to the member) with its meeting, holds
 * and mails, in one transaction; `members` are those free at `start`, in the order to try them.
 * With `settings.confirmEmail` the meeting is pending until the visitor confirms (confirmMeeting).
 */
export async function bookMeeting(
  db: Kysely<DB>,
  opts: {
    booking: Booking;
    members: readonly MemberSchedule[];
    settings: ConsultationSettings;
    now: Date;
    /** The team's channels (e-mail, webhook) that every lead goes to. */
    teamChannels: readonly Channel[];
    /** The visitor's client as stored (a keyed hash) and how many upcoming meetings one may hold. */
    client: string;
    perClient: number;
  },
): Promise<BookOutcome> {
  const { booking, settings, now } = opts;
  const start = new Date(booking.start);
  const pending = settings.confirmEmail;
  const holdUntil = pending ? holdEnd(now, start).toISOString() : null;
  const leadId = newLeadId(now);
  const at = now.toISOString();
  const terms = { leadId, heldUntil: holdUntil, now: at };
  const r = await rollbackOn<string, Refused>(db, async (trx) => {
    await storeLeads(trx, [
      {
        id: leadId,
        // Pending, it is kept out of the inbox and notifies nobody, as spam is, until confirmed.
        lead: { ...bookingLead(booking, pending), assignee: opts.members[0]?.id ?? null },
        now,
        channels: pending ? [] : teamChannels(opts.teamChannels),
      },
    ]);
    await trx
      .insertInto("consultations")
      .values({
        lead_id: leadId,
        staff_id: opts.members[0]?.id ?? "",
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + settings.slotMinutes * 60_000).toISOString(),
        visitor_zone: booking.zone,
        status: pending ? "pending" : "confirmed",
        sequence: 0,
        booked_at: at,
        updated_at: at,
        released_staff: "[]",
        hold_until: holdUntil,
      })
      .execute();
    const caps = await holdCaps(trx, terms, { ...opts, email: booking.email, start });
    if (caps !== "held") throw new Stop(caps);
    const member = await holdFirst(trx, terms, opts.members, start, booking.email, settings);
    if (typeof member === "string") throw new Stop(member);
    await trx
      .updateTable("consultations")
      .set({ staff_id: member.id, ...(pending ? { hold_count: await countHolds(trx, leadId) } : {}) })
      .where("lead_id", "=", leadId)
      .execute();
    await trx.updateTable("leads").set({ assignee: member.id }).where("id", "=", leadId).execute();
    if (pending) await queueMeetingMail(trx, leadId, "confirm-link", now);
    else await queueStanding(trx, leadId, start, now);
    return member.id;
  });
  if (typeof r !== "string") return { outcome: "refused", reason: r.refused };
  return { outcome: "booked", leadId, memberId: r, pending };
}

export type ConfirmOutcome = "confirmed" | "already" | "expired" | "gone" | "missing";

/**
 * The visitor confirmed their address: a pending meeting whose holds are all still its own stands
 * from now on (holds kept for good, the lead into the inbox and to the team, the invitations and
 * reminders queued). Confirming again is "already"; too late (or a hold lost) is "expired".
 */
export async function confirmMeeting(
  db: Kysely<DB>,
  opts: { leadId: string; now: Date; teamChannels: readonly Channel[] },
): Promise<ConfirmOutcome> {
  const { leadId, now } = opts;
  const at = now.toISOString();
  const r = await rollbackOn<ConfirmOutcome, "expired">(db, async (trx) => {
    const m = await trx
      .selectFrom("consultations")
      .select(["status", "hold_until", "hold_count", "starts_at"])
      .where("lead_id", "=", leadId)
      .executeTakeFirst();
    if (!m) return "missing";
    if (m.status === "confirmed") return "already";
    if (m.status === "cancelled") return "gone";
    if (!m.hold_until || m.hold_until <= at) return "expired";
    if (!(await keepHolds(trx, leadId, m.hold_until, m.starts_at, Number(m.hold_count)))) {
      throw new Stop("expired");
    }
    await trx
      .updateTable("consultations")
      .set({ status: "confirmed", hold_until: null, hold_count: null, updated_at: at })
      .where("lead_id", "=", leadId)
      .execute();
    await trx.updateTable("leads").set({ is_spam: 0 }).where("id", "=", leadId).execute();
    await queueMissing(trx, leadId, teamChannels(opts.teamChannels), now);
    await queueStanding(trx, leadId, new Date(m.starts_at), now);
    return "confirmed";
  });
  return typeof r === "string" ? r : r.refused;
}

/** The visitor's lead of a booking (the store's phone is required: a booking without one stores it empty). */
function bookingLead(booking: Booking, isSpam: boolean): NewLead {
  return {
    kind: "consultation",
    name: booking.name,
    email: booking.email,
    phone: booking.phone ?? "",
    company: booking.company,
    service: booking.service,
    message: booking.note,
    isSpam,
  };
}

/** A filled honeypot: the lead is kept as spam (no meeting, no holds, no mail), as the forms do. */
export async function storeSpamBooking(db: Kysely<DB>, booking: Booking, now: Date): Promise<string> {
  const id = newLeadId(now);
  await storeLeads(db, [{ id, lead: bookingLead(booking, true), now, channels: [] }]);
  return id;
}
