// `npm run leads -- staff availability EMAIL …`: a member's consultation hours from the command line
// (the desk's Consultations screen does the same), e.g. for a first member before anyone signs in.
import { OFFICE_ZONES } from "@site/contracts/consultation";
import { DEFAULT_WEEK_HOURS, WEEKDAYS, type WeekHours, weekHoursSchema } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import { readMembers, saveMember } from "../consultations/availability-store";
import type { DB } from "../platform/db/schema";
import type { AuditEntry } from "../records/audit";
import { UsageError } from "./cli-io";

export const AVAILABILITY_USAGE = `  staff availability EMAIL [--zone Europe/London|Asia/Colombo] [--days mon-fri] [--hours 09:00-18:00] [--off]
        Whether a member takes consultations (--off: not), in which zone, on which days and hours;
        days as a range (mon-fri) or a list (mon,wed,fri). Unset options keep their current value.`;

/** "mon-fri" or "mon,wed,fri" → the days. */
function parseDays(text: string): Set<string> {
  const days = new Set<string>();
  for (const part of text.toLowerCase().split(",")) {
    const [from, to = from] = part.split("-") as [string, string?];
    const a = WEEKDAYS.indexOf(from as (typeof WEEKDAYS)[number]);
    const b = WEEKDAYS.indexOf(to as (typeof WEEKDAYS)[number]);
    if (a < 0 || b < a) throw new UsageError(`--days: not a day or range of days: ${part}`);
    for (let i = a; i <= b; i++) days.add(WEEKDAYS[i]!);
  }
  return days;
}

export async function setAvailability(
  db: Kysely<DB>,
  email: string,
  opts: {
    zone?: string | undefined;
    days?: string | undefined;
    hours?: string | undefined;
    off?: boolean | undefined;
  },
  actor: Pick<AuditEntry, "actorType" | "actor">,
): Promise<string> {
  const member = (await readMembers(db)).find((m) => m.email === email.trim().toLowerCase());
  if (!member) throw new UsageError(`No current member with the e-mail ${email}.`);
  if (opts.zone && !(OFFICE_ZONES as readonly string[]).includes(opts.zone)) {
    throw new UsageError(`--zone must be one of ${OFFICE_ZONES.join(", ")}`);
  }
  let hours: WeekHours = member.hours;
  if (opts.days || opts.hours) {
    const [start, end] = (opts.hours ?? "09:00-18:00").split("-");
    const days = opts.days ? parseDays(opts.days) : new Set(WEEKDAYS.filter((d) => DEFAULT_WEEK_HOURS[d]));
    const parsed = weekHoursSchema.safeParse(
      Object.fromEntries(WEEKDAYS.map((d) => [d, days.has(d) ? { start, end } : null])),
    );
    if (!parsed.success)
      throw new UsageError(`--hours: ${parsed.error.issues[0]?.message ?? "not HH:MM-HH:MM"}`);
    hours = parsed.data;
  }
  const zone = (opts.zone ?? member.zone) as (typeof OFFICE_ZONES)[number];
  await saveMember(
    db,
    member.id,
    { zone, takesConsultations: !opts.off, hours, daysOff: member.daysOff },
    actor,
    new Date(),
  );
  const worked = WEEKDAYS.filter((d) => hours[d]).map((d) => `${d} ${hours[d]!.start}-${hours[d]!.end}`);
  return opts.off
    ? `${member.email} takes no consultations.\n`
    : `${member.email} takes consultations (${zone}): ${worked.join(", ")}.\n`;
}
