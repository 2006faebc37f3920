// Times in a visitor's time zone, with the browser's own Temporal or Intl (no library in the page).
import { OFFICES } from "@site/contracts/consultation";

/**
 * The part of the Temporal API used here. Where the browser has it (Chromium, Firefox), the visitor's
 * zone and a time in a zone come from it and no Intl.DateTimeFormat is made while the consultation
 * page loads: the first one a page makes loads the locale data, 16–29 ms on the main thread of the CI
 * machine (0.5 ms for Temporal's answer), four times that on the phone Lighthouse models, which was the
 * page's longest task. Elsewhere (WebKit), Intl.
 */
interface TemporalApi {
  Now: { timeZoneId(): string };
  Instant: {
    from(iso: string): { toZonedDateTimeISO(zone: string): { toPlainTime(): { toString(): string } } };
  };
}
const temporal = (globalThis as { Temporal?: TemporalApi }).Temporal;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = zone + JSON.stringify(options);
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...options }));
  return formats.get(key)!;
}

/** "14:30" in `zone`. */
export function timeIn(iso: string, zone: string): string {
  if (!temporal)
    return format(zone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
  // "14:30:00" (ISO 8601's time: two digits each, on a 24-hour clock), its hours and minutes.
  return temporal.Instant.from(iso).toZonedDateTimeISO(zone).toPlainTime().toString().slice(0, 5);
}

/** "Monday 12 January 2026, 14:30" in `zone`. */
export const whenIn = (iso: string, zone: string) =>
  `${format(zone, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso))}, ${timeIn(iso, zone)}`;

/** "Asia/Colombo" → "Colombo"; an office's zone by its office's name. */
export function zoneName(zone: string): string {
  return OFFICES.find((o) => o.zone === zone)?.label ?? (zone.split("/").pop() ?? zone).replace(/_/g, " ");
}

/** The browser's own zone, or London where the browser does not say. */
export function browserZone(): string {
  try {
    return (
      (temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone) ||
      "Europe/London"
    );
  } catch {
    return "Europe/London";
  }
}

/** Every zone the browser knows (for "another time zone"), or the offices' and the browser's own. */
export function knownZones(own: string): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone");
  return [...new Set([...(all ?? []), ...OFFICES.map((o) => o.zone), own])].sort();
}
