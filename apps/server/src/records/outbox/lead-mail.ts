// The notification of a lead to the company (NOTIFY_TO): what every kind of lead looks like in the
// team's inbox, answerable straight to the visitor.
import type { StoredLeadKind } from "@site/contracts";
import {
  escapeHtml,
  headerSafe,
  mailDomain,
  type MailSettings,
  type OutgoingMail,
} from "../../platform/mail/mailer";
import type { LeadNotice } from "./lead-notice";

/** Stable per lead, so a resent notification is recognisable as the same message. */
export function leadMessageId(leadId: string, mailFrom: string): string {
  return `<lead-${leadId}@${mailDomain(mailFrom)}>`;
}

/** The notification's heading per kind of lead. */
const HEADINGS: Record<StoredLeadKind, string> = {
  contact: "New contact message",
  quotation: "New quote request",
  consultation: "New consultation booking",
  chat: "New chat conversation",
};

/** What the long text is, per kind of lead. */
const LONG_LABELS: Record<StoredLeadKind, string> = {
  contact: "Message",
  quotation: "Details",
  consultation: "Note (the meeting is in the desk's Consultations)",
  chat: "First message (the whole conversation is in the desk's Chats)",
};

export function buildLeadMail(lead: LeadNotice, settings: MailSettings): OutgoingMail {
  const who = headerSafe(lead.name, 100);
  const quote = lead.kind === "quotation";
  const withService = quote || lead.kind === "consultation";
  const heading = HEADINGS[lead.kind];
  const subject = `${heading} from ${who}${withService && lead.serviceLabel ? ` (${lead.serviceLabel})` : ""}`;
  const rows: [string, string][] = [
    ["Name", lead.name],
    ["Email", lead.email],
    // A chat asks for no phone number.
    ...(lead.kind === "chat" ? [] : [["Phone", lead.phone] as [string, string]]),
  ];
  if (withService) rows.push(["Company", lead.company ?? "—"], ["Service", lead.serviceLabel ?? "—"]);
  rows.push(["Received", lead.createdAt], ["Lead id", lead.id]);
  const longLabel = LONG_LABELS[lead.kind];
  const longText = (quote ? lead.details : lead.message) ?? "—";

  const text = [
    `${heading} from the website.`,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    `${longLabel}:`,
    longText,
    "",
    "Reply to this e-mail to answer the visitor directly.",
  ].join("\n");

  const html = [
    `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5">`,
    `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>`,
    `<table cellpadding="4" style="border-collapse:collapse">`,
    ...rows.map(
      ([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    ),
    `</table>`,
    `<h2 style="font-size:16px">${escapeHtml(longLabel)}</h2>`,
    `<p style="white-space:pre-wrap">${escapeHtml(longText)}</p>`,
    `<p style="color:#555">Reply to this e-mail to answer the visitor directly.</p>`,
    `</body></html>`,
  ].join("\n");

  return {
    from: settings.mailFrom,
    to: settings.notifyTo,
    replyTo: { name: who, address: lead.email },
    subject,
    messageId: leadMessageId(lead.id, settings.mailFrom),
    text,
    html,
    headers: { "X-Lead-Id": lead.id, "X-Lead-Kind": lead.kind },
  };
}
