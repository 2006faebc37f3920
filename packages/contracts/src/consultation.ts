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
} as const;

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

/** A booked meeting as the visitor sees it (201 of a booking, the lookup, a reschedule). */
export const bookedMeetingSchema = z.object({
  id: z.string(),
  /** For the reschedule and cancel links: keep it like a password. */
  token: z.string(),
  status: z.enum(["confirmed", "cancelled"]),
  start: z.string(),
  end: z.string(),
  zone: z.string(),
  service: z.string(),
  serviceLabel: z.string(),
  /** The invitation (iCalendar, METHOD:REQUEST), for the page's download link. */
  ics: z.string(),
});
export type BookedMeeting = z.infer<typeof bookedMeetingSchema>;

/** POST /consultation/lookup and /consultation/cancel. */
export const tokenBodySchema = z.object({ token: consultationTokenSchema });

/** POST /consultation/reschedule. */
export const rescheduleSchema = z.object({
  token: consultationTokenSchema,
  start: slotStart,
  zone: timeZoneSchema,
});

/** 409: the slot was taken meanwhile (or the address already has a meeting that day). */
export interface SlotTakenBody {
  error: "slot_taken" | "already_booked";
  message: string;
  /** The next free slots after the one asked for (ISO, UTC). */
  nextSlots: string[];
}
