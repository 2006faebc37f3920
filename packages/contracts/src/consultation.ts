// Booking a free consultation (issue 26): what the site's /consultation page sends to the contact
// service and what it answers. A separate entry point (@site/contracts/consultation), so only the
// page that books carries it. The desk's side is in desk-consultations.ts.
import { CHALLENGE_FIELD } from "./challenge";
import { HONEYPOT_FIELD, LIMITS, leadFields } from "./lead";
import { z } from "./zod";

/** The company's offices and their zones: a member works in one; a visitor is one click from each. */
export const OFFICES = [
  { id: "london", label: "London", zone: "Europe/London" },
  { id: "colombo", label: "Colombo", zone: "Asia/Colombo" },
] as const;
export type OfficeId = (typeof OFFICES)[number]["id"];
export type OfficeZone = (typeof OFFICES)[number]["zone"];
export const OFFICE_ZONES = OFFICES.map((o) => o.zone) as [OfficeZone, ...OfficeZone[]];

/** The contact service's paths (its origin is already in the site's connect-src). */
export const CONSULTATION_PATHS = {
  slots: "/consultation/slots",
  book: "/consultation",
  lookup: "/consultation/lookup",
  reschedule: "/consultation/reschedule",
  cancel: "/consultation/cancel",
  /** The link of the visitor's first mail, when bookings wait for a confirmed address (issue 33). */
  confirm: "/consultation/confirm",
} as const;

/** How long an unconfirmed booking holds its time: not confirmed by then, the time is free again. */
export const CONFIRM_WITHIN_MINUTES = 15;
/** At most this many upcoming meetings (pending ones included) per e-mail address. */
export const UPCOMING_PER_ADDRESS = 2;

/** How many working days the page offers (the "next 14 working days"). */
export const CONSULTATION_DAYS_SHOWN = 14;

/** Whether this runtime knows `zone` as an IANA time zone (Intl throws a RangeError otherwise). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone name ("Asia/Colombo"), never an offset: the days and times follow its rules. */
export const timeZoneSchema = z
  .string({ error: "Choose a time zone." })
  .max(64, "Choose a time zone.")
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, "Choose a time zone.")
  .refine(isTimeZone, "Choose a time zone.");

/** A slot's start as the page got it: an ISO 8601 instant in UTC. */
const slotStart = z.iso.datetime({ error: "Choose a time." });

/** The signed token of the visitor's links (the lead id and an HMAC of it, base64url). */
export const consultationTokenSchema = z
  .string({ error: "This link is not valid." })
  .regex(/^[A-Za-z0-9_-]{20,120}\.[A-Za-z0-9_-]{43}$/, "This link is not valid.");

/** GET /consultation/slots?zone=…: the free slots, grouped by the days of `zone`. */
export const slotsQuerySchema = z.object({
  zone: timeZoneSchema,
  /** Rescheduling: the meeting's own time does not count as taken. */
  token: consultationTokenSchema.optional(),
});

export const slotDaySchema = z.object({
  /** A date in the asked zone, YYYY-MM-DD. */
  date: z.string(),
  /** Starts of the free slots of that day (ISO, UTC), earliest first; empty when all are taken. */
  slots: z.array(z.string()),
});
export type SlotDay = z.infer<typeof slotDaySchema>;

export const slotsAnswerSchema = z.object({
  zone: z.string(),
  slotMinutes: z.number().int(),
  /** The next working days in that zone (at most CONSULTATION_DAYS_SHOWN), today first. */
  days: z.array(slotDaySchema),
});
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;

/** POST /consultation: the visitor's details, the slot and their zone (named in the e-mail). */
export const bookingSchema = z.object({
  name: leadFields.name,
  email: leadFields.email,
  phone: leadFields.optionalPhone,
  company: leadFields.company,
  service: leadFields.service,
  note: leadFields.optionalLongText("Note", LIMITS.message),
  start: slotStart,
  zone: timeZoneSchema,
  [HONEYPOT_FIELD]: leadFields.honeypot,
  /** The proof-of-work solution: required (a 403 in words without a valid, unused one). */
  [CHALLENGE_FIELD]: leadFields.challenge,
});
export type BookingInput = z.input<typeof bookingSchema>;
export type Booking = z.output<typeof bookingSchema>;

/**
 * A meeting's state as the visitor sees it: `pending` (booked, waiting for the visitor to confirm
 * their address by the link in their e-mail, until `confirmBy`), `expired` (not confirmed in time:
 * the time was freed), `confirmed` (the invitations are sent), `cancelled`.
 */
export const meetingStatusSchema = z.enum(["pending", "expired", "confirmed", "cancelled"]);
export type MeetingStatus = z.infer<typeof meetingStatusSchema>;

/**
 * A meeting as the visitor sees it (201 of a booking, the lookup, a reschedule, a confirmation).
 * A pending one comes without `token` and `ics` (no invitation before the address is confirmed).
 */
export const bookedMeetingSchema = z.object({
  id: z.string(),
  /** For the reschedule and cancel links: keep it like a password. Absent while pending. */
  token: z.string().optional(),
  status: meetingStatusSchema,
  start: z.string(),
  end: z.string(),
  zone: z.string(),
  service: z.string(),
  serviceLabel: z.string(),
  /** The invitation (iCalendar, METHOD:REQUEST), for the page's download link. Absent while pending. */
  ics: z.string().optional(),
  /** While pending: the time is held until then (ISO), CONFIRM_WITHIN_MINUTES after booking. */
  confirmBy: z.string().optional(),
});
export type BookedMeeting = z.infer<typeof bookedMeetingSchema>;

/** POST /consultation/lookup, /consultation/cancel and /consultation/confirm (the confirmation link's token). */
export const tokenBodySchema = z.object({ token: consultationTokenSchema });

/** POST /consultation/reschedule. */
export const rescheduleSchema = z.object({
  token: consultationTokenSchema,
  start: slotStart,
  zone: timeZoneSchema,
});

/**
 * Every refusal of the visitor's consultation API, by its `error` code (the answer is
 * `{error, message}` with the words to show, and `nextSlots` where a 409 names what is free):
 * - 403 `invalid_link`: a token whose signature is wrong; 404 `not_found`: no such meeting (erased).
 * - 409 `slot_taken`, `day_full`: the time was taken meanwhile, the day is full (`nextSlots`).
 * - 409 `already_booked`: this address has a meeting that day.
 * - 409 `address_limit`: this address already has UPCOMING_PER_ADDRESS upcoming meetings.
 * - 409 `client_limit`: this client (IPv4 address or IPv6 /64) already has its upcoming meetings
 *   (CONSULTATIONS_PER_CLIENT, default 2).
 * - 409 `not_confirmed`: a pending meeting cannot be moved before its address is confirmed.
 * - 410 `meeting_gone`: started or cancelled; 410 `confirmation_expired`: not confirmed in time.
 * - 422 `too_soon`, `too_far`, `outside_hours`, `day_off`: a time that cannot be booked.
 * Besides: 400 `validation_failed` with `fields`, 403 a foreign origin, 415, 429 the rate limit.
 */
export const CONSULTATION_ERRORS = [
  "invalid_link",
  "not_found",
  "slot_taken",
  "day_full",
  "already_booked",
  "address_limit",
  "client_limit",
  "not_confirmed",
  "meeting_gone",
  "confirmation_expired",
  "too_soon",
  "too_far",
  "outside_hours",
  "day_off",
] as const;
export type ConsultationError = (typeof CONSULTATION_ERRORS)[number];

export const consultationRefusalSchema = z.object({
  error: z.enum(CONSULTATION_ERRORS),
  message: z.string(),
  /** The next free slots after the one asked for (ISO, UTC), on a 409 about the time. */
  nextSlots: z.array(z.string()).optional(),
});
export type ConsultationRefusal = z.infer<typeof consultationRefusalSchema>;
