// Times in a visitor's time zone, with the browser's own Intl (no library in the page).
import { OFFICES } from "@site/contracts/consultation";

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...options });
    formats.set(key, f);
  }
  return f;
}

/** "14:30" in `zone`. */
export const timeIn = (iso: string, zone: string) =>
  format(zone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

/** "Monday 12 January 2026, 14:30" in `zone`. */
export const whenIn = (iso: string, zone: string) =>
  `${format(zone, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso))}, ${timeIn(iso, zone)}`;

/** A YYYY-MM-DD date (already a date of the zone) as "Mon 12 Jan" and "Monday 12 January". */
export function dayLabels(date: string) {
  const noon = new Date(`${date}T12:00:00Z`);
  return {
    short: format("UTC", { weekday: "short", day: "numeric", month: "short" }).format(noon),
    long: format("UTC", { weekday: "long", day: "numeric", month: "long" }).format(noon),
  };
}

/** "Asia/Colombo" → "Colombo"; an office's zone by its office's name. */
export function zoneName(zone: string): string {
  return OFFICES.find((o) => o.zone === zone)?.label ?? (zone.split("/").pop() ?? zone).replace(/_/g, " ");
}

/** The browser's own zone, or London where the browser does not say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "Europe/London";
  } catch {
    return "Europe/London";
  }
}

/** Every zone the browser knows (for "another time zone"), or the offices' and the browser's own. */
export function knownZones(own: string): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone");
  return [...new Set([...(all ?? []), ...OFFICES.map((o) => o.zone), own])].sort();
}
