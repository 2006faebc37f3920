// The leads command: list, show and export the stored leads with their notification state, and the
// members of the lead desk (cli/staff.ts).
// Data goes to stdout (with --json, ONLY a JSON array/object); messages and errors go to stderr.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { getLead, type LeadFilter, type LeadView, listLeads } from "../leads/lead-queries";
import { toCsv } from "./csv";
import { runStaff, STAFF_USAGE } from "./staff";
import { UsageError } from "./usage-error";

const USAGE = `Usage: npm run leads -- <command> [options]

Commands:
  list [--kind contact|quotation] [--since DATE] [--spam | --all] [--json]
        List leads, oldest first, with their notification state.
        By default spam (honeypot) leads are left out; --spam lists ONLY spam, --all lists both.
        --json prints only a JSON array on stdout.
  show ID [--json]
        Show one lead in full (spam included).
  export --format csv|json [--out FILE] [--kind …] [--since DATE] [--spam | --all]
        Export leads (same filters as list). CSV is RFC 4180 and safe to open in spreadsheets.
${STAFF_USAGE}
  help  Show this text.

DATE is ISO 8601: 2026-01-31 (midnight UTC) or 2026-01-31T09:30:00Z.
The database is DATABASE_URL (default: sqlite:<repo>/data/leads.sqlite).`;

/** "1 lead", "2 leads". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
/** What --json and --format json print. */
const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function parseDate(value: string): Date {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  // Also refuses dates JavaScript would silently roll over (2026-02-30 → 2 March).
  if (
    !/^\d{4}-\d{2}-\d{2}/.test(value) ||
    Number.isNaN(d.getTime()) ||
    d.toISOString().slice(0, 10) !== value.slice(0, 10)
  ) {
    throw new UsageError(`--since: not a date: ${value}`);
  }
  return d;
}

function filterFrom(values: { kind?: string; since?: string; spam?: boolean; all?: boolean }): LeadFilter {
  if (values.kind !== undefined && values.kind !== "contact" && values.kind !== "quotation") {
    throw new UsageError(`--kind must be contact or quotation, got ${values.kind}`);
  }
  if (values.spam && values.all) throw new UsageError("--spam and --all exclude each other");
  return {
    kind: values.kind,
    since: values.since === undefined ? undefined : parseDate(values.since),
    spam: values.spam ? "only" : values.all ? "include" : "exclude",
  };
}

export function notificationText(l: LeadView): string {
  const n = l.notification;
  switch (n.state) {
    case "sent":
      return `sent ${n.sentAt}`;
    case "pending":
      return "pending";
    case "failed-retrying":
      return `failed-retrying (${count(n.attempts, "attempt")}, next ${n.nextAttemptAt})`;
    default:
      return "not notified (spam)";
  }
}

function clip(s: string, width: number) {
  const one = s.replace(/\s+/g, " ");
  return one.length > width ? `${one.slice(0, width - 1)}…` : one;
}

function table(leads: LeadView[]): string {
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

function details(l: LeadView): string {
  const n = l.notification;
  const lines: [string, string | null | number][] = [
    ["ID", l.id],
    ["Kind", l.kind],
    ["Received", l.createdAt],
    ["Spam", l.spam ? "yes (honeypot filled; not notified)" : "no"],
    ["Name", l.name],
    ["Email", l.email],
    ["Phone", l.phone],
  ];
  if (l.kind === "quotation") {
    lines.push(["Company", l.company ?? "—"], ["Service", `${l.serviceLabel} (${l.service})`]);
  }
  lines.push(
    ["Notification", n.state],
    ["Attempts", n.attempts],
    ["Next attempt", n.nextAttemptAt],
    ["Last attempt", n.lastAttemptAt],
    ["Last error", n.lastError],
    ["Sent at", n.sentAt],
    ["Message-ID", n.messageId],
  );
  const body = l.kind === "quotation" ? ["Details", l.details ?? "—"] : ["Message", l.message ?? "—"];
  return [
    ...lines.filter(([, v]) => v !== null).map(([k, v]) => `${`${k}:`.padEnd(14)}${v}`),
    "",
    `${body[0]}:`,
    body[1],
  ].join("\n");
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
  "notification_state",
  "attempts",
  "sent_at",
  "next_attempt_at",
  "last_error",
] as const;

export function leadsToCsv(leads: LeadView[]): string {
  return toCsv(
    CSV_HEADER,
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
      l.notification.state,
      l.notification.attempts,
      l.notification.sentAt,
      l.notification.nextAttemptAt,
      l.notification.lastError,
    ]),
  );
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    (command ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === "staff") return runStaff(rest);
  const spec = {
    kind: { type: "string" },
    since: { type: "string" },
    spam: { type: "boolean" },
    all: { type: "boolean" },
    json: { type: "boolean" },
    format: { type: "string" },
    out: { type: "string" },
  } as const;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: spec, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const allowed: Record<string, (keyof typeof spec)[]> = {
    list: ["kind", "since", "spam", "all", "json"],
    show: ["json"],
    export: ["kind", "since", "spam", "all", "format", "out"],
  };
  const options = allowed[command];
  if (!options) throw new UsageError(`Unknown command: ${command}`);
  for (const k of Object.keys(values)) {
    if (!options.includes(k as keyof typeof spec)) throw new UsageError(`${command} does not take --${k}`);
  }
  if (command !== "show" && positionals.length > 0) {
    throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  }
  const filter = command === "show" ? {} : filterFrom(values);
  if (command === "show" && positionals.length !== 1) throw new UsageError("show needs exactly one lead ID");
  if (command === "export" && values.format !== "csv" && values.format !== "json") {
    throw new UsageError("export needs --format csv or --format json");
  }

  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL);
  try {
    if (command === "list") {
      const leads = await listLeads(database.db, filter);
      if (values.json) process.stdout.write(asJson(leads));
      else if (leads.length === 0) process.stdout.write("No leads.\n");
      else process.stdout.write(`${table(leads)}\n${count(leads.length, "lead")}.\n`);
      return 0;
    }
    if (command === "show") {
      const lead = await getLead(database.db, positionals[0]!);
      if (!lead) {
        process.stderr.write(`No lead with id ${positionals[0]}.\n`);
        return 1;
      }
      process.stdout.write(values.json ? asJson(lead) : `${details(lead)}\n`);
      return 0;
    }
    const leads = await listLeads(database.db, filter);
    const text = values.format === "csv" ? leadsToCsv(leads) : asJson(leads);
    if (values.out) {
      writeFileSync(values.out, text);
      process.stderr.write(`Wrote ${count(leads.length, "lead")} to ${values.out}.\n`);
    } else {
      process.stdout.write(text);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`leads: ${err.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`leads: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    }
  },
);
