// What the visitor's routes and the desk's routes share: the free slots, why a time cannot be booked
// (in words), and booking, moving and cancelling with the answers a person can act on.
import {
  type Booking,
  CONFIRM_WITHIN_MINUTES,
  type ConsultationError,
  UPCOMING_PER_ADDRESS,
} from "@site/contracts/consultation";
import type { ConsultationSettings } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { Clock } from "../platform/clock";
import type { Channel, DB } from "../platform/db/schema";
import {
  bookingWindow,
  byLeastRecentlyBooked,
  freeSlots,
  type MemberSchedule,
  memberIsFree,
  slotDays,
  type Taken,
  workingSlots,
} from "./availability";
import { readSchedules, readSettings, readTaken } from "./availability-store";
import { bookMeeting, confirmMeeting } from "./booking-store";
import {
  cancelMeeting,
  type ChangedBy,
  type ChangeRefused,
  rescheduleMeeting,
  whyUnchangeable,
} from "./meeting-changes";

/** A time that cannot be booked, as the person is told: status, code, words, and what is free next. */
export interface Refusal {
  status: 404 | 409 | 410 | 422;
  error: ConsultationError;
  message: string;
  nextSlots?: string[];
}

const NEXT_SLOTS = 5;
const MINUTE = 60_000;

interface Picture {
  settings: ConsultationSettings;
  members: MemberSchedule[];
  taken: Taken;
}

export class Scheduling {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** The settings, the members who take consultations and what is taken (but `except`'s own holds). */
  private async picture(except?: string): Promise<Picture> {
    const now = this.clock.now();
    return {
      settings: await readSettings(this.db),
      members: await readSchedules(this.db),
      taken: await readTaken(this.db, now, new Date(now.getTime() - 24 * 60 * MINUTE), except),
    };
  }

  /** The page's days in `zone` with their free slots. */
  async days(zone: string, except?: string) {
    const p = await this.picture(except);
    return {
      zone,
      slotMinutes: p.settings.slotMinutes,
      days: slotDays(p.members, p.settings, p.taken, this.clock.now(), zone),
    };
  }

  private nextSlots(p: Picture, after: Date): string[] {
    const window = bookingWindow(this.clock.now(), p.settings);
    const from = new Date(Math.max(after.getTime(), window.from.getTime()));
    return [...freeSlots(p.members, p.settings, p.taken, from, window.to).keys()].slice(0, NEXT_SLOTS);
  }

  /** The members free at `start`, in the order to offer it them, or why nobody can take it. */
  private assess(p: Picture, start: Date): MemberSchedule[] | Refusal {
    const { settings } = p;
    const window = bookingWindow(this.clock.now(), settings);
    if (start < window.from) {
      const hours = settings.noticeMinutes / 60;
      return {
        status: 422,
        error: "too_soon",
        message: `Consultations are booked at least ${hours} ${hours === 1 ? "hour" : "hours"} ahead. Please choose a later time.`,
      };
    }
    if (start > window.to) {
      return {
        status: 422,
        error: "too_far",
        message: `Consultations can be booked up to ${settings.horizonDays} days ahead. Please choose an earlier day.`,
      };
    }
    const at = (m: MemberSchedule, daysOff = true) =>
      workingSlots(
        daysOff ? m : { ...m, daysOff: new Set() },
        settings,
        start,
        new Date(start.getTime() + 1),
      ).find((s) => s.start.getTime() === start.getTime());
    const working = p.members.flatMap((m) => {
      const slot = at(m);
      return slot ? [{ m, slot }] : [];
    });
    if (working.length === 0) {
      return p.members.some((m) => at(m, false))
        ? {
            status: 422,
            error: "day_off",
            message:
              "Nobody is available that day (a day off or a public holiday). Please choose another day.",
          }
        : {
            status: 422,
            error: "outside_hours",
            message: "That time is outside our consultation hours. Please choose one of the times offered.",
          };
    }
    const free = working.filter(({ m, slot }) => memberIsFree(m, slot, settings, p.taken)).map(({ m }) => m);
    if (free.length > 0) return free.sort(byLeastRecentlyBooked);
    const capped = working.every(
      ({ m, slot }) => (p.taken.perDay.get(`${m.id}|${slot.day}`) ?? 0) >= settings.dailyCap,
    );
    return capped
      ? {
          status: 409,
          error: "day_full",
          message: "That day is fully booked. Please choose another day.",
          nextSlots: this.nextSlots(p, start),
        }
      : this.taken(p, start);
  }

  private taken(p: Picture, start: Date): Refusal {
    return {
      status: 409,
      error: "slot_taken",
      message: "Sorry, that time has just been taken. Please choose another time.",
      nextSlots: this.nextSlots(p, start),
    };
  }

  private refusal(p: Picture, start: Date, reason: ChangeRefused, perClient = 0): Refusal {
    const fixed = FIXED_REFUSALS[reason as keyof typeof FIXED_REFUSALS];
    if (fixed) return fixed;
    if (reason === "client_limit") {
      return {
        status: 409,
        error: "client_limit",
        message: `${perClient === 1 ? "An upcoming consultation has" : `${perClient} upcoming consultations have`} already been booked from your internet connection. To book another, cancel one with the link in its e-mail, wait until one has taken place, or e-mail or call us.`,
        nextSlots: [],
      };
    }
    return this.taken(p, start);
  }

  /** Books `booking` for the visitor from `client` (a keyed hash, see link-token.ts): the lead id, or why not. */
  async book(
    booking: Booking,
    teamChannels: readonly Channel[],
    visitor: { client: string; perClient: number; canMail: boolean },
  ): Promise<{ leadId: string; pending: boolean } | Refusal> {
    const p = await this.picture();
    const start = new Date(booking.start);
    const members = this.assess(p, start);
    if (!Array.isArray(members)) return members;
    const r = await bookMeeting(this.db, {
      booking,
      members,
      // No mail (no SMTP_URL), no confirmation link: the booking stands at once, as with the setting off.
      settings: { ...p.settings, confirmEmail: p.settings.confirmEmail && visitor.canMail },
      now: this.clock.now(),
      teamChannels,
      client: visitor.client,
      perClient: visitor.perClient,
    });
    if (r.outcome === "booked") return { leadId: r.leadId, pending: r.pending };
    // Taken meanwhile: say what is free now.
    return this.refusal(await this.picture(), start, r.reason, visitor.perClient);
  }

  /** The visitor confirmed their address by the link: undefined when the meeting stands (now or already). */
  async confirm(leadId: string, teamChannels: readonly Channel[]): Promise<Refusal | undefined> {
    const r = await confirmMeeting(this.db, { leadId, now: this.clock.now(), teamChannels });
    if (r === "confirmed" || r === "already") return undefined;
    return r === "missing" ? NOT_FOUND : r === "gone" ? GONE : FIXED_REFUSALS.expired;
  }

  /** Moves meeting `leadId` to `start`. */
  async reschedule(
    leadId: string,
    start: Date,
    by: ChangedBy,
    visitorZone?: string,
  ): Promise<Refusal | undefined> {
    // What the meeting is comes first: a cancelled, begun or unconfirmed one is not moved, whatever the time.
    const state = await whyUnchangeable(this.db, leadId, this.clock.now());
    if (state) return this.refusal(await this.picture(leadId), start, state);
    const p = await this.picture(leadId);
    const members = this.assess(p, start);
    if (!Array.isArray(members)) return members;
    const r = await rescheduleMeeting(this.db, {
      leadId,
      start,
      members,
      settings: p.settings,
      now: this.clock.now(),
      by,
      visitorZone,
    });
    return r.outcome === "done" ? undefined : this.refusal(await this.picture(leadId), start, r.reason);
  }

  async cancel(leadId: string, by: ChangedBy): Promise<Refusal | undefined> {
    const r = await cancelMeeting(this.db, { leadId, now: this.clock.now(), by });
    return r.outcome === "done" ? undefined : r.reason === "expired" ? FIXED_REFUSALS.expired : GONE;
  }
}

const GONE: Refusal = {
  status: 410,
  error: "meeting_gone",
  message: "This meeting can no longer be changed: it has started or was cancelled.",
};

export const NOT_FOUND: Refusal = { status: 404, error: "not_found", message: "We have no such meeting." };

/** The refusals whose words do not depend on the time asked for. */
const FIXED_REFUSALS = {
  gone: GONE,
  address: {
    status: 409,
    error: "already_booked",
    message:
      "You already have a consultation booked that day. The e-mail we sent you has a link to move or cancel it.",
    nextSlots: [],
  },
  address_limit: {
    status: 409,
    error: "address_limit",
    message: `You already have ${UPCOMING_PER_ADDRESS} upcoming consultations with us (a booking you have not confirmed yet counts for ${CONFIRM_WITHIN_MINUTES} minutes). To book another, cancel one with the link in its e-mail, or wait until one has taken place.`,
    nextSlots: [],
  },
  not_confirmed: {
    status: 409,
    error: "not_confirmed",
    message:
      "This booking is not confirmed yet. Please open the link in the e-mail we sent you to confirm it first.",
  },
  expired: {
    status: 410,
    error: "confirmation_expired",
    message: `This booking was not confirmed within ${CONFIRM_WITHIN_MINUTES} minutes, so its time was freed. Please choose a time and book again.`,
  },
} satisfies Partial<Record<ChangeRefused, Refusal>>;
