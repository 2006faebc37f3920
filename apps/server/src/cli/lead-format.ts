// How the leads command shows leads: a table, one lead in full, CSV. Pure functions of LeadView.
import type { DeliveryView, LeadView } from "../records/lead-queries";

const CHANNEL_LABELS: Record<DeliveryView["channel"], string> = {
  email: "E-mail",
  webhook: "Webhook",
  autoreply: "Autoreply",
  "confirm-link": "Confirmation link",
  invitation: "Invitation",
  "member-invitation": "Member's invitation",
  "member-release": "Former member's cancellation",
  reminder: "Reminder",
  "member-reminder": "Member's reminder",
  "chat-reply": "Chat replies",
};

/** "1 lead", "2 leads". */
export const count = (n: number, noun: string, plural = `${noun}s`) => `${n} ${n === 1 ? noun : plural}`;
/** What --json and --format json print. */
export const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function deliveryText(n: Omit<DeliveryView, "channel">): string {
  switch (n.state) {
    case "sent":
      return `sent ${n.sentAt}`;
    case "pending":
      return "pending";
    case "failed-retrying":
      return `failed-retrying (${count(n.attempts, "attempt")}, next ${n.nextAttemptAt})`;
    case "failed":
      return `failed (gave up ${n.failedAt} after ${count(n.attempts, "attempt")})`;
    default:
      return "not notified (spam)";
  }
}

function clip(s: string, width: number) {
  const one = s.replace(/\s+/g, " ");
  return one.length > width ? `${one.slice(0, width - 1)}…` : one;
}

/** "sent 2026-…" for the e-mail alone; "email sent …; webhook pending" once there are several. */
function notificationText(l: LeadView): string {
  if (l.deliveries.length <= 1) return deliveryText(l.notification);
  return l.deliveries.map((d) => `${d.channel} ${deliveryText(d)}`).join("; ");
}

export function table(leads: LeadView[]): string {
  const header = ["ID", "RECEIVED (UTC)", "KIND", "NAME", "EMAIL", "SERVICE", "NOTIFICATION"];
  const rows = leads.map((l) => [
    l.id,
    l.createdAt.replace("T", " ").slice(0, 19),
    l.spam ? `${l.kind} (spam)` : l.kind,
    clip(l.name, 28),
    clip(l.email, 32),
    l.serviceLabel ?? "",
    notificationText(l),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

export function details(l: LeadView): string {
  const lines: [string, string | null | number][] = [
    ["ID", l.id],
    ["Kind", l.kind],
    ["Received", l.createdAt],
    ["Spam", l.spam ? "yes (honeypot filled; not notified)" : "no"],
    ["Name", l.name],
    ["Email", l.email],
    ["Phone", l.phone],
  ];
  if (l.kind === "quotation" || l.kind === "consultation") {
    lines.push(["Company", l.company ?? "—"], ["Service", `${l.serviceLabel} (${l.service})`]);
  }
  lines.push(["Last active", l.lastActivityAt], ["Status", l.status], ["Assignee", l.assignee ?? "—"]);
  if (l.deliveries.length === 0) lines.push(["Notification", l.notification.state]);
  for (const d of l.deliveries) {
    const label = CHANNEL_LABELS[d.channel];
    lines.push(
      [label, d.state],
      [`  attempts`, d.attempts],
      [`  next`, d.nextAttemptAt],
      [`  last try`, d.lastAttemptAt],
      [`  last error`, d.lastError],
      [`  sent at`, d.sentAt],
      [`  gave up`, d.failedAt],
      [d.channel === "webhook" ? "  webhook-id" : "  Message-ID", d.messageId],
    );
  }
  const body =
    l.kind === "quotation"
      ? ["Details", l.details ?? "—"]
      : [l.kind === "consultation" ? "Note" : "Message", l.message ?? "—"];
  const work = [
    ...(l.notes?.length ? ["", "Notes:", ...l.notes.map((n) => `  ${n.at}  ${n.author}: ${n.body}`)] : []),
    ...(l.history?.length
      ? [
          "",
          "History:",
          ...l.history.map(
            (h) => `  ${h.at}  ${h.change} ${h.from ?? "—"} → ${h.to ?? "—"}${h.by ? `  (${h.by})` : ""}`,
          ),
        ]
      : []),
  ];
  return [
    ...lines.filter(([, v]) => v !== null).map(([k, v]) => `${`${k}:`.padEnd(14)}${v}`),
    "",
    `${body[0]}:`,
    body[1],
    ...work,
  ].join("\n");
}
