// The desk's side of consultations (issue 26): the meetings screen, each member's availability and the
// company's settings. Every change is written to the audit trail with the member who made it.
import { meetingStatusSchema, OFFICE_ZONES, OFFICES } from "./consultation";
import { z } from "./zod";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** "HH:MM" on a quarter hour, 00:00 to 24:00 (the end of a day). */
const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$|^24:00$/, "Use HH:MM on a quarter hour (09:00, 17:30).");
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** One day's working hours, or null for a day not worked. */
export const dayHoursSchema = z
  .object({ start: clockTime, end: clockTime })
  .refine((h) => minutesOf(h.start) < minutesOf(h.end), "The end must be after the start.")
  .nullable();
export type DayHours = z.infer<typeof dayHoursSchema>;
export const weekHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>,
);
export type WeekHours = z.infer<typeof weekHoursSchema>;

/** The spec's office hours, Monday to Friday 09:00–18:00, in the member's own zone. */
export const DEFAULT_WEEK_HOURS: WeekHours = {
  mon: { start: "09:00", end: "18:00" },
  tue: { start: "09:00", end: "18:00" },
  wed: { start: "09:00", end: "18:00" },
  thu: { start: "09:00", end: "18:00" },
  fri: { start: "09:00", end: "18:00" },
  sat: null,
  sun: null,
};

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD.");

/** PUT /api/consultations/members/:id: a member's availability. */
export const memberAvailabilityUpdateSchema = z.object({
  zone: z.enum(OFFICE_ZONES),
  takesConsultations: z.boolean(),
  hours: weekHoursSchema,
  /** Days off, in the member's zone. */
  daysOff: z.array(isoDay).max(400),
});
export type MemberAvailabilityUpdate = z.infer<typeof memberAvailabilityUpdateSchema>;

export const memberAvailabilitySchema = memberAvailabilityUpdateSchema.extend({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type MemberAvailability = z.infer<typeof memberAvailabilitySchema>;

/** The company-wide settings; the defaults are the issue's. */
export const consultationSettingsSchema = z.object({
  slotMinutes: z.number().int().min(15).max(120).multipleOf(15, "Use a multiple of 15 minutes."),
  bufferMinutes: z.number().int().min(0).max(120).multipleOf(15, "Use a multiple of 15 minutes."),
  noticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(14 * 24 * 60),
  horizonDays: z.number().int().min(1).max(90),
  dailyCap: z.number().int().min(1).max(20),
  /**
   * Bookings wait for the visitor to confirm their address (the link in their first e-mail) before
   * any invitation goes; unconfirmed, the time is freed after CONFIRM_WITHIN_MINUTES (issue 33).
   */
  confirmEmail: z.boolean().default(true),
});
export type ConsultationSettings = z.infer<typeof consultationSettingsSchema>;
export const DEFAULT_CONSULTATION_SETTINGS: ConsultationSettings = {
  slotMinutes: 30,
  bufferMinutes: 15,
  noticeMinutes: 4 * 60,
  horizonDays: 30,
  dailyCap: 4,
  confirmEmail: true,
};

export const holidaySchema = z.object({
  office: z.enum(OFFICES.map((o) => o.id) as ["london", "colombo"]),
  date: isoDay,
  name: z.string().trim().min(1, "Name the holiday.").max(100),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** PUT /api/consultations/settings: the settings and every office's public holidays. */
export const companySettingsSchema = consultationSettingsSchema.extend({
  holidays: z.array(holidaySchema).max(400),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** GET /api/consultations/availability */
export const availabilityAnswerSchema = z.object({
  settings: companySettingsSchema,
  members: z.array(memberAvailabilitySchema),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

export const meetingSchema = z.object({
  leadId: z.string(),
  status: meetingStatusSchema,
  start: z.string(),
  end: z.string(),
  member: z.object({ id: z.string(), name: z.string(), zone: z.string() }),
  visitor: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    zone: z.string(),
  }),
  service: z.string(),
  serviceLabel: z.string(),
  note: z.string().nullable(),
  /** How many times it was moved (the invitation's SEQUENCE). */
  sequence: z.number().int(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** GET /api/consultations: upcoming meetings from the start of today (UTC) on, earliest first. */
export const meetingsAnswerSchema = z.object({ meetings: z.array(meetingSchema) });

/**
 * POST /api/consultations/:id/cancel-address: every upcoming meeting of that meeting's address
 * (confirmed, and pending ones still held) cancelled in one step; those confirmed are told by e-mail.
 */
export const cancelAddressAnswerSchema = z.object({
  cancelled: z.number().int(),
  leadIds: z.array(z.string()),
});
export type CancelAddressAnswer = z.infer<typeof cancelAddressAnswerSchema>;

/** POST /api/consultations/:id/reschedule */
export const deskRescheduleSchema = z.object({ start: z.iso.datetime({ error: "Choose a time." }) });
