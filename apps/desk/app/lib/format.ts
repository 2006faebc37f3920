const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" });

/** "5 Jan 2026, 09:00" in the reader's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** "5 Jan". */
export const formatDay = (iso: string) => dateOnly.format(new Date(iso));

/** "3 min ago", "5 h ago", or the date for anything older than a week. */
export function formatAge(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 7 * 86_400) return `${Math.floor(s / 86_400)} d ago`;
  return formatDay(iso);
}

/** A duration in words: "45 min", "3.5 h", "2.1 days". */
export function formatDuration(ms: number): string {
  const min = ms / 60_000;
  if (min < 60) return `${Math.round(min)} min`;
  if (min < 48 * 60) return `${(min / 60).toFixed(1)} h`;
  return `${(min / 1440).toFixed(1)} days`;
}

/** "1 lead", "1,204 leads". */
export const countOf = (n: number, noun: string, plural = `${noun}s`) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? noun : plural}`;
