// The leads command: list, show and export the stored leads with each channel's delivery state, and
// the company's data duties: purge, the rights of the person (export, erase), audit, backup; and the
// members of the lead desk (cli/staff.ts); the webhook endpoint's state (cli/webhook.ts).
// Data goes to stdout (with --json, ONLY JSON); messages, questions and errors go to stderr.
import { STORED_LEAD_KINDS } from "@site/contracts";
import { parseArgs } from "node:util";
import { loadConfig } from "../platform/config/config";
import { openDatabase } from "../records/database";
import { cliActor } from "../records/audit";
import { exportLeads } from "../records/lead-export";
import { getLead, type LeadFilter, listLeads } from "../records/lead-queries";
import { type Option, parseDate, runCommand, SPEC, UsageError, type Values, writeExport } from "./cli-io";
import { runDataCommand } from "./data-commands";
import { asJson, count, details, table } from "./lead-format";
import { runStaff, STAFF_USAGE } from "./staff";
import { runWebhook, WEBHOOK_USAGE } from "./webhook";

/** "contact, quotation, consultation or chat". */
const kindList = `${STORED_LEAD_KINDS.slice(0, -1).join(", ")} or ${STORED_LEAD_KINDS.at(-1)}`;

const USAGE = `Usage: npm run leads -- <command> [options]

Commands:
  list [--kind ${STORED_LEAD_KINDS.join("|")}] [--since DATE] [--spam | --all] [--json]
        List leads, oldest first, with the state of each delivery (e-mail, webhook, autoreply).
        By default spam (honeypot) leads are left out; --spam lists ONLY spam, --all lists both.
        --json prints only a JSON array on stdout.
  show ID [--json]
        Show one lead in full (spam included), with every channel's delivery.
  export --format csv|json [--out FILE] [--kind …] [--since DATE] [--spam | --all]
        Export leads (same filters as list). CSV is RFC 4180 and safe to open in spreadsheets.
  export --email ADDRESS --format csv|json [--out FILE]
        Everything stored about one address (UK GDPR art. 15; case and surrounding spaces ignored).
  erase --email ADDRESS [--yes]
        Show what is stored about one address, ask, then delete it all (UK GDPR art. 17).
  purge [--dry-run] [--json]
        Delete what the retention periods no longer allow (also runs daily in the services).
  audit [--since DATE] [--json]
        The audit trail: every purge, erasure, export, backup and desk action (ids, never personal data).
  backup --out FILE
        A consistent copy of the SQLite store, taken while the services run, then checked.
${STAFF_USAGE}
${WEBHOOK_USAGE}
  help  Show this text.

DATE is ISO 8601: 2026-01-31 (midnight UTC) or 2026-01-31T09:30:00Z.
The database is DATABASE_URL (default: sqlite:<repo>/data/leads.sqlite); retention periods come from
RETENTION_ENQUIRY_MONTHS and RETENTION_SPAM_DAYS (default 24 months and 30 days, as the privacy notice says).`;

const ALLOWED: Record<string, Option[]> = {
  list: ["kind", "since", "spam", "all", "json"],
  show: ["json"],
  export: ["kind", "since", "spam", "all", "format", "out", "email"],
  erase: ["email", "yes"],
  purge: ["dry-run", "json"],
  audit: ["since", "json"],
  backup: ["out"],
};

function filterFrom(values: Values): LeadFilter {
  const kind = STORED_LEAD_KINDS.find((k) => k === values.kind);
  if (values.kind !== undefined && !kind) {
    throw new UsageError(`--kind must be ${kindList}, got ${values.kind}`);
  }
  if (values.spam && values.all) throw new UsageError("--spam and --all exclude each other");
  return {
    kind,
    since: values.since === undefined ? undefined : parseDate(values.since),
    spam: values.spam ? "only" : values.all ? "include" : "exclude",
  };
}

function parse(command: string, rest: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: SPEC, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const options = ALLOWED[command];
  if (!options) throw new UsageError(`Unknown command: ${command}`);
  for (const k of Object.keys(values)) {
    if (!options.includes(k as Option)) throw new UsageError(`${command} does not take --${k}`);
  }
  if (command !== "show" && positionals.length > 0)
    throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  if (command === "show" && positionals.length !== 1) throw new UsageError("show needs exactly one lead ID");
  if (command === "export") {
    if (values.format !== "csv" && values.format !== "json") {
      throw new UsageError("export needs --format csv or --format json");
    }
    if (values.email !== undefined && ["kind", "since", "spam", "all"].some((k) => k in values)) {
      throw new UsageError("export --email takes no other filter: it exports everything about the address");
    }
  }
  if ((command === "erase" || (command === "export" && "email" in values)) && !values.email?.trim()) {
    throw new UsageError(`${command} --email needs an address`);
  }
  if (command === "backup" && !values.out) throw new UsageError("backup needs --out FILE");
  return { values: values as Values, positionals };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    (command ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === "staff") return runStaff(rest);
  if (command === "webhook") return runWebhook(rest);
  const { values, positionals } = parse(command, rest);
  const filter = command === "list" || command === "export" ? filterFrom(values) : {};
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
    if (command === "export" && values.email === undefined) {
      const format = values.format as "json" | "csv";
      writeExport(
        await exportLeads(database, { filter, format, now: new Date(), actor: cliActor() }),
        values,
      );
      return 0;
    }
    return await runDataCommand(command, values, { database, config });
  } finally {
    await database.close();
  }
}

runCommand("leads", USAGE, () => main(process.argv.slice(2)));
