const MONTHS = "January February March April May June July August September October November December".split(
  " ",
);
const WEEKDAYS = "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" ");

/**
 * A calendar date ("2026-11-21") as British English writes it in full ("21 November 2026"), the same
 * as `toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" })` but without
 * Intl: a page's first Intl call loads the locale data, a 20 ms task on the main thread of the CI
 * machine, four times that on the phone Lighthouse models.
 */
export function formatLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new Error(`formatLongDate: not a YYYY-MM-DD date: ${isoDate}`);
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/**
 * A calendar date of the consultation service's answer (YYYY-MM-DD, checked by its contract) as en-GB's
 * short and long day labels ("Mon 12 Jan", "Monday 12 January"; en-GB's short September is "Sept"),
 * without Intl, like formatLongDate: the consultation page's days.
 */
export function formatDayLabels(isoDate: string): { short: string; long: string } {
  const [, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  // A date-only ISO string is read as midnight UTC.
  const weekday = WEEKDAYS[new Date(isoDate).getUTCDay()]!;
  const monthName = MONTHS[month - 1]!;
  return {
    short: `${weekday.slice(0, 3)} ${day} ${monthName.slice(0, month === 9 ? 4 : 3)}`,
    long: `${weekday} ${day} ${monthName}`,
  };
}
