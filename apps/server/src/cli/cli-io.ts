import { writeFileSync } from "node:fs";
import type { LeadView } from "../records/lead-queries";
import { leadsToCsv } from "../records/lead-csv";
import { asJson, count } from "./lead-format";

/** A mistake in the command line: exit 2 with the usage. */
export class UsageError extends Error {}

/**
 * Runs a command's main and sets the exit status: its answer; 2 with the usage for a UsageError; 1 with
 * the message for any other failure.
 */
export function runCommand(name: string, usage: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      if (err instanceof UsageError) {
        process.stderr.write(`${name}: ${err.message}\n\n${usage}\n`);
        process.exitCode = 2;
      } else {
        process.stderr.write(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = 1;
      }
    },
  );
}

export function parseDate(value: string): Date {
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

/** Writes an export (CSV or JSON) to --out (readable by its owner only) or stdout. */
export function writeExport(
  leads: LeadView[],
  values: { format?: string | undefined; out?: string | undefined },
) {
  const text = values.format === "csv" ? leadsToCsv(leads) : asJson(leads);
  if (!values.out) {
    process.stdout.write(text);
    return;
  }
  writeFileSync(values.out, text, { mode: 0o600 });
  process.stderr.write(`Wrote ${count(leads.length, "lead")} to ${values.out}.\n`);
}

export const SPEC = {
  kind: { type: "string" },
  since: { type: "string" },
  spam: { type: "boolean" },
  all: { type: "boolean" },
  json: { type: "boolean" },
  format: { type: "string" },
  out: { type: "string" },
  email: { type: "string" },
  yes: { type: "boolean" },
  "dry-run": { type: "boolean" },
} as const;
export type Option = keyof typeof SPEC;
/** The parsed options of a command. */
export type Values = { [K in Option]?: (typeof SPEC)[K]["type"] extends "string" ? string : boolean };
