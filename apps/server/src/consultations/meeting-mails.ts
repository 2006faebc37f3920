// The mails of a meeting, each built when it is sent from the meeting as it is then: the link that
// confirms a pending booking (no invitation), the visitor's and the member's invitation (REQUEST, or
// CANCEL once cancelled), a former member's cancellation, and the reminders 24 h before. Times are
// named in each reader's own zone (and London's).
import { CONFIRM_WITHIN_MINUTES } from "@site/contracts/consultation";
import { escapeHtml, headerSafe, mailDomain, type OutgoingMail } from "../platform/mail/mailer";
import { invitationIcs, type InvitationMethod, type Organizer } from "./invitation";
import type { MeetingView } from "./meeting-queries";

export interface MeetingMailSettings {
  mailFrom: string;
  organizer: Organizer;
  /** The site's public origin: the visitor's links. */
  siteUrl: string;
  /** The desk's public origin: the member's link. */
  deskUrl: string;
}

/** "Monday 5 January 2026, 14:30 (Colombo time)". */
function formatIn(iso: string, zone: string): string {
  const when = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
  return `${when.replace(" at ", ", ")} (${zoneLabel(zone)})`;
}

/** "Europe/London" → "London time"; "America/Argentina/Buenos_Aires" → "Buenos Aires time". */
const zoneLabel = (zone: string) => `${(zone.split("/").pop() ?? zone).replace(/_/g, " ")} time`;

/** The time for the visitor: in their zone, and London's as well when theirs is another. */
function visitorWhen(m: MeetingView): string {
  const own = formatIn(m.start, m.visitorZone);
  return m.visitorZone === "Europe/London" ? own : `${own}, which is ${formatIn(m.start, "Europe/London")}`;
}

export const manageUrl = (siteUrl: string, token: string) => `${siteUrl}/consultation#manage=${token}`;
/** The confirmation link: in the fragment too, so the token reaches no server log; the page POSTs it. */
const confirmUrl = (siteUrl: string, token: string) => `${siteUrl}/consultation#confirm=${token}`;

/** "14:05 (Colombo time)". */
const clockIn = (iso: string, zone: string) =>
  `${new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso))} (${zoneLabel(zone)})`;

const html = (paragraphs: string[]) =>
  [
    `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5">`,
    ...paragraphs.map((p) => `<p>${p}</p>`),
    `</body></html>`,
  ].join("\n");

const messageId = (m: MeetingView, kind: string, settings: MeetingMailSettings) =>
  `<consultation-${m.leadId}-${kind}-${m.sequence}@${mailDomain(settings.mailFrom)}>`;

function withInvitation(
  m: MeetingView,
  method: InvitationMethod,
  settings: MeetingMailSettings,
  now: Date,
  extra: { manageUrl?: string; members?: { name: string; email: string }[] } = {},
): Pick<OutgoingMail, "icalEvent"> {
  const content = invitationIcs(m, {
    method,
    organizer: settings.organizer,
    domain: mailDomain(settings.mailFrom),
    now,
    ...extra,
  });
  return { icalEvent: { method, filename: method === "CANCEL" ? "cancel.ics" : "invite.ics", content } };
}

/**
 * The visitor's first mail when bookings wait for a confirmed address: the link that confirms it,
 * by when, and what happens otherwise. No invitation: nothing is in anyone's calendar until then.
 */
export function confirmLinkMail(m: MeetingView, token: string, settings: MeetingMailSettings): OutgoingMail {
  const link = confirmUrl(settings.siteUrl, token);
  const lines = [
    `Hello ${m.visitor.name},`,
    `To book your free consultation on ${visitorWhen(m)}, please confirm your e-mail address: open this link within ${CONFIRM_WITHIN_MINUTES} minutes, before ${clockIn(m.holdUntil ?? m.start, m.visitorZone)}.`,
    link,
    "We hold the time for you until then. Once you confirm, we send you the calendar invitation and a link to reschedule or cancel.",
    "If you did not ask for a consultation, ignore this e-mail: nothing is booked unless the link is opened, and the time is freed.",
  ];
  return {
    from: settings.mailFrom,
    to: m.visitor.email,
    replyTo: settings.organizer.email,
    subject: "Confirm your free consultation",
    messageId: messageId(m, "confirm-link", settings),
    text: lines.join("\n\n"),
    html: html(
      lines.map((l) =>
        escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
      ),
    ),
    headers: { "X-Lead-Id": m.leadId },
  };
}

/** The visitor's invitation (or its update, or its cancellation), with the links to change it. */
export function visitorInvitationMail(
  m: MeetingView,
  token: string,
  settings: MeetingMailSettings,
  now: Date,
): OutgoingMail {
  const cancelled = m.status === "cancelled";
  const when = visitorWhen(m);
  const link = manageUrl(settings.siteUrl, token);
  const lines = cancelled
    ? [
        `Hello ${m.visitor.name},`,
        `Your free consultation about ${m.serviceLabel} on ${when} is cancelled.`,
        `You can book another time at ${settings.siteUrl}/consultation.`,
      ]
    : [
        `Hello ${m.visitor.name},`,
        `${m.sequence > 0 ? "Your free consultation has moved. It is now" : "Your free consultation is booked for"} ${when}, with ${m.member.name}. It lasts ${Math.round((Date.parse(m.end) - Date.parse(m.start)) / 60_000)} minutes and is about ${m.serviceLabel}.`,
        "The invitation is attached: open it to add the meeting to your calendar.",
        `To reschedule or cancel: ${link}`,
      ];
  return {
    from: settings.mailFrom,
    to: m.visitor.email,
    replyTo: settings.organizer.email,
    subject: cancelled
      ? "Cancelled: your free consultation"
      : m.sequence > 0
        ? "Moved: your free consultation"
        : "Your free consultation is booked",
    messageId: messageId(m, "invitation", settings),
    text: lines.join("\n\n"),
    html: html(
      lines.map((l) =>
        escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
      ),
    ),
    headers: { "X-Lead-Id": m.leadId },
    ...withInvitation(
      m,
      cancelled ? "CANCEL" : "REQUEST",
      settings,
      now,
      cancelled ? {} : { manageUrl: link },
    ),
  };
}

/** The visitor's details for the member. */
function visitorDetails(m: MeetingView): string[] {
  return [
    `Name: ${m.visitor.name}`,
    `Email: ${m.visitor.email}`,
    `Phone: ${m.visitor.phone ?? "—"}`,
    `Company: ${m.visitor.company ?? "—"}`,
    `Service: ${m.serviceLabel}`,
    `Note: ${m.note ?? "—"}`,
  ];
}

/** The member's invitation (or update, or cancellation). */
export function memberInvitationMail(m: MeetingView, settings: MeetingMailSettings, now: Date): OutgoingMail {
  const cancelled = m.status === "cancelled";
  const who = headerSafe(m.visitor.name, 100);
  const lines = [
    cancelled
      ? `The consultation with ${m.visitor.name} on ${formatIn(m.start, m.member.zone)} is cancelled.`
      : `${m.sequence > 0 ? "Moved: the" : "A"} consultation with ${m.visitor.name} is on ${formatIn(m.start, m.member.zone)}.`,
    ...visitorDetails(m),
    `In the desk: ${settings.deskUrl}/consultations`,
  ];
  return {
    from: settings.mailFrom,
    to: m.member.email,
    replyTo: { name: who, address: m.visitor.email },
    subject: `${cancelled ? "Cancelled: consultation" : m.sequence > 0 ? "Moved: consultation" : "Consultation"} with ${who}`,
    messageId: messageId(m, "member-invitation", settings),
    text: lines.join("\n"),
    html: html(lines.map(escapeHtml)),
    headers: { "X-Lead-Id": m.leadId },
    ...withInvitation(m, cancelled ? "CANCEL" : "REQUEST", settings, now),
  };
}

/** To the members the meeting was moved away from: it is no longer theirs (CANCEL). */
export function memberReleaseMail(
  m: MeetingView,
  former: { name: string; email: string }[],
  settings: MeetingMailSettings,
  now: Date,
): OutgoingMail {
  const who = headerSafe(m.visitor.name, 100);
  const text = `The consultation with ${m.visitor.name} has moved to ${m.member.name}; it is no longer in your calendar.`;
  return {
    from: settings.mailFrom,
    to: former.map((f) => f.email),
    subject: `Moved to a colleague: consultation with ${who}`,
    messageId: messageId(m, "member-release", settings),
    text,
    html: html([escapeHtml(text)]),
    headers: { "X-Lead-Id": m.leadId },
    ...withInvitation(m, "CANCEL", settings, now, { members: former }),
  };
}

/** The reminder, 24 h before: to the visitor (with the links) or to the member (with the details). */
export function reminderMail(
  m: MeetingView,
  to: "visitor" | "member",
  token: string,
  settings: MeetingMailSettings,
): OutgoingMail {
  const lines =
    to === "visitor"
      ? [
          `Hello ${m.visitor.name},`,
          `A reminder: your free consultation with ${m.member.name} is on ${visitorWhen(m)}.`,
          `To reschedule or cancel: ${manageUrl(settings.siteUrl, token)}`,
        ]
      : [
          `A reminder: the consultation with ${m.visitor.name} is on ${formatIn(m.start, m.member.zone)}.`,
          ...visitorDetails(m),
        ];
  return {
    from: settings.mailFrom,
    to: to === "visitor" ? m.visitor.email : m.member.email,
    ...(to === "visitor" ? { replyTo: settings.organizer.email } : {}),
    subject:
      to === "visitor"
        ? "Reminder: your free consultation"
        : `Reminder: consultation with ${headerSafe(m.visitor.name, 100)}`,
    messageId: messageId(m, to === "visitor" ? "reminder" : "member-reminder", settings),
    text: lines.join("\n\n"),
    html: html(lines.map(escapeHtml)),
    headers: { "X-Lead-Id": m.leadId },
  };
}
