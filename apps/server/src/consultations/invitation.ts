// The meeting as an iCalendar object (RFC 5545/5546), made by ical-generator: one UID per meeting for
// its whole life, SEQUENCE raised by every change, METHOD:REQUEST while it stands, METHOD:CANCEL
// once it is cancelled (or for a member it was moved away from). The organiser is the company, the
// attendees the visitor and the member. Every name and address goes through calendar-text.ts first.
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import { calendarAddress, paramText, prodIdText, uidDomain } from "./calendar-text";
import type { MeetingView } from "./meeting-queries";

export interface Organizer {
  name: string;
  email: string;
}

/** Who invites: the company as MAIL_FROM names it ("Ceylon Bridge <no-reply@…>"), at NOTIFY_TO (its inbox). */
export function organizerOf(mailFrom: string, notifyTo: string): Organizer {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(mailFrom)?.[1]?.trim();
  return { name: name || "Website", email: notifyTo };
}

/** The meeting's UID: the same in every invitation, update and cancellation of it. */
const meetingUid = (leadId: string, domain: string) => `consultation-${leadId}@${uidDomain(domain)}`;

export type InvitationMethod = "REQUEST" | "CANCEL";

export function invitationIcs(
  meeting: MeetingView,
  opts: {
    method: InvitationMethod;
    organizer: Organizer;
    domain: string;
    /** When the object was made (DTSTAMP). */
    now: Date;
    /** The visitor's page to reschedule or cancel, in the description (the visitor's copy only). */
    manageUrl?: string | undefined;
    /** The members named as attendees: the meeting's member unless given (a release names the former). */
    members?: readonly { name: string; email: string }[];
  },
): string {
  const cancel = opts.method === "CANCEL";
  const calendar = ical({
    prodId: { company: prodIdText(opts.organizer.name), product: "consultations", language: "EN" },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // Each party's address is written twice: its value (MAILTO:) and, after the name, its EMAIL
  // parameter (RFC 7986). So the name (CN) is never the line's last parameter, where ical.js 2.2
  // misplaces the value when a parameter's decoded length differs from its raw one (a `\` in a name,
  // which ical-generator writes as `\\`, then a `:`): calendar-text.ts, decision 0024.
  const party = (name: string, email: string) => ({
    name: paramText(name),
    email: calendarAddress(email),
    mailto: calendarAddress(email),
  });
  const attendee = (name: string, email: string) => ({
    ...party(name, email),
    role: ICalAttendeeRole.REQ,
    status: cancel ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
  });
  calendar.createEvent({
    id: meetingUid(meeting.leadId, opts.domain),
    sequence: meeting.sequence,
    stamp: opts.now,
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    summary: `Free consultation: ${meeting.serviceLabel}`,
    description: [
      `A free consultation about ${meeting.serviceLabel} with ${meeting.member.name} of ${opts.organizer.name}.`,
      `We will call ${meeting.visitor.phone ? `you on ${meeting.visitor.phone}` : "you"} or send a video link by e-mail before it starts.`,
      ...(opts.manageUrl ? [`To reschedule or cancel: ${opts.manageUrl}`] : []),
    ].join("\n"),
    location: "Phone or video call",
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: party(opts.organizer.name, opts.organizer.email),
    attendees: [
      attendee(meeting.visitor.name, meeting.visitor.email),
      ...(opts.members ?? [meeting.member]).map((m) => attendee(m.name, m.email)),
    ],
  });
  return calendar.toString();
}
