// Booking, moving and cancelling a meeting. The slot computation proposes; the database decides: a
// meeting is stored only with its holds (cells, a seat of the day, the address's day), whose primary
// keys refuse a second holder, so two visitors who book one slot at once cannot both get it.
import type { Booking } from "@site/contracts/consultation";
import type { ConsultationSettings } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { Channel, DB } from "../platform/db/schema";
import { newLeadId } from "../platform/ids";
import { addressHash } from "../records/address-hash";
import { type NewLead, storeLeads } from "../records/intake/store-leads";
import { teamChannels } from "../records/outbox/queue";
import { cellsOf, dateIn, type MemberSchedule } from "./availability";
import { queueMeetingMail, queueReminders } from "./mail-queue";

/** The company's home zone: the date of the one-meeting-per-address-per-day rule. */
const HOME_ZONE = "Europe/London";

export type Hold = "held" | "taken" | "full" | "address";

/** Holds `start` for `member` on behalf of `leadId`, or says which key was already held. */
async function hold(
  trx: Kysely<DB>,
  leadId: string,
  member: MemberSchedule,
  start: Date,
  email: string,
  settings: ConsultationSettings,
): Promise<Hold> {
  const cells = cellsOf(start, settings);
  const held = await trx
    .insertInto("consultation_cells")
    .values(cells.map((cell) => ({ staff_id: member.id, cell, lead_id: leadId })))
    .onConflict((oc) => oc.doNothing())
    .returning("cell")
    .execute();
  if (held.length < cells.length) return "taken";
  const day = dateIn(start, member.zone);
  let seated = false;
  for (let seat = 1; seat <= settings.dailyCap && !seated; seat++) {
    const r = await trx
      .insertInto("consultation_seats")
      .values({ staff_id: member.id, day, seat, lead_id: leadId })
      .onConflict((oc) => oc.doNothing())
      .returning("seat")
      .execute();
    seated = r.length === 1;
  }
  if (!seated) return "full";
  const claimed = await trx
    .insertInto("consultation_address_days")
    .values({ address_hash: addressHash(email), day: dateIn(start, HOME_ZONE), lead_id: leadId })
    .onConflict((oc) => oc.doNothing())
    .returning("day")
    .execute();
  return claimed.length === 1 ? "held" : "address";
}

/** Lets go of everything a meeting holds (a cancellation, a failed try, the old time of a move). */
export async function releaseHolds(trx: Kysely<DB>, leadId: string) {
  for (const table of ["consultation_cells", "consultation_seats", "consultation_address_days"] as const) {
    await trx.deleteFrom(table).where("lead_id", "=", leadId).execute();
  }
}

/**
 * Tries the members in order until one's holds are taken for `start`. Returns the member, or what
 * refused the last try ("address" stops at once: it is the visitor's, whoever the member).
 */
export async function holdFirst(
  trx: Kysely<DB>,
  leadId: string,
  members: readonly MemberSchedule[],
  start: Date,
  email: string,
  settings: ConsultationSettings,
): Promise<MemberSchedule | Exclude<Hold, "held">> {
  let refusal: Exclude<Hold, "held"> = "taken";
  for (const member of members) {
    const r = await hold(trx, leadId, member, start, email, settings);
    if (r === "held") return member;
    await releaseHolds(trx, leadId);
    refusal = r;
    if (r === "address") break;
  }
  return refusal;
}

/** Thrown inside a transaction to roll it back with the reason. */
class Refused extends Error {
  constructor(readonly reason: Exclude<Hold, "held">) {
    super(reason);
  }
}

export type BookOutcome =
  | { outcome: "booked"; leadId: string; memberId: string }
  | { outcome: "refused"; reason: Exclude<Hold, "held"> };

/**
 * Stores the visitor's lead (kind "consultation", assigned to the member) with its meeting, holds
 * and mails, in one transaction; `members` are those free at `start`, in the order to try them.
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
  },
): Promise<BookOutcome> {
  const { booking, settings, now } = opts;
  const start = new Date(booking.start);
  const leadId = newLeadId(now);
  const at = now.toISOString();
  try {
    const memberId = await db.transaction().execute(async (trx) => {
      await storeLeads(trx, [
        {
          id: leadId,
          lead: {
            ...bookingLead(booking, false),
            assignee: opts.members[0]?.id ?? null,
          },
          now,
          channels: teamChannels(opts.teamChannels),
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
          status: "confirmed",
          sequence: 0,
          booked_at: at,
          updated_at: at,
          released_staff: "[]",
        })
        .execute();
      const member = await holdFirst(trx, leadId, opts.members, start, booking.email, settings);
      if (typeof member === "string") throw new Refused(member);
      await trx
        .updateTable("consultations")
        .set({ staff_id: member.id })
        .where("lead_id", "=", leadId)
        .execute();
      await trx.updateTable("leads").set({ assignee: member.id }).where("id", "=", leadId).execute();
      await queueMeetingMail(trx, leadId, "invitation", now);
      await queueMeetingMail(trx, leadId, "member-invitation", now);
      await queueReminders(trx, leadId, start, now);
      return member.id;
    });
    return { outcome: "booked", leadId, memberId };
  } catch (err) {
    if (err instanceof Refused) return { outcome: "refused", reason: err.reason };
    throw err;
  }
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
