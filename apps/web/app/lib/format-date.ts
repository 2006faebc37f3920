const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

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
