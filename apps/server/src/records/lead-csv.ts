// Leads as CSV for spreadsheets: what the leads command's export and the desk's export both write.
import type { LeadView } from "./lead-queries";

/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF lines, and OWASP's defence against formula
 * injection: a cell starting with = + - @ TAB or CR gets a leading single quote, so a
 * spreadsheet shows it as text instead of evaluating it.
 */
function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s.startsWith(" ") || s.endsWith(" ") ? `"${s.replace(/"/g, '""')}"` : s;
}

function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

const CSV_HEADER = [
  "id",
  "received_at",
  "kind",
  "spam",
  "name",
  "email",
  "phone",
  "company",
  "service",
  "message",
  "details",
  "meeting",
  "notification_state",
  "attempts",
  "sent_at",
  "next_attempt_at",
  "last_error",
  "last_activity_at",
  "deliveries",
  "status",
  "assignee",
  "notes",
  "history",
] as const;

/**
 * The leads as CSV, starting with a UTF-8 byte order mark: without it Excel reads the file in the
 * machine's legacy code page and shows "Ünïcode" as "ÃœnÃ¯code".
 */
export function leadsToCsv(leads: LeadView[]): string {
  // Chats (issue 27) add their transcript as a last column; an export without chats is as it was.
  const chats = leads.some((l) => l.transcript);
  const transcript = (l: LeadView) =>
    (l.transcript ?? [])
      .map((m) => `${m.at} ${m.author === "visitor" ? "visitor" : (m.name ?? "staff")}: ${m.body}`)
      .join("\n");
  return (
    "\uFEFF" +
    toCsv(
      chats ? [...CSV_HEADER, "transcript"] : CSV_HEADER,
      leads.map((l) => [
        l.id,
        l.createdAt,
        l.kind,
        l.spam ? "yes" : "no",
        l.name,
        l.email,
        l.phone,
        l.company,
        l.serviceLabel,
        l.message,
        l.details,
        l.meeting
          ? `${l.meeting.start} – ${l.meeting.end} ${l.meeting.status} with ${l.meeting.member}`
          : null,
        l.notification.state,
        l.notification.attempts,
        l.notification.sentAt,
        l.notification.nextAttemptAt,
        l.notification.lastError,
        l.lastActivityAt,
        l.deliveries.map((d) => `${d.channel} ${d.state}`).join("; "),
        l.status,
        l.assignee,
        (l.notes ?? []).map((n) => `${n.at} ${n.author}: ${n.body}`).join("\n"),
        (l.history ?? [])
          .map((h) => `${h.at} ${h.change} ${h.from ?? "—"} → ${h.to ?? "—"}${h.by ? ` by ${h.by}` : ""}`)
          .join("\n"),
        ...(chats ? [transcript(l)] : []),
      ]),
    )
  );
}
