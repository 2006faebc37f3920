// Times on the consultation screens, in the zone of the member reading them (their browser's).
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "Europe/London";

const formats = new Map<string, Intl.DateTimeFormat>();
const time = (zone: string) => {
  let f = formats.get(zone);
  if (!f)
    formats.set(
      zone,
      (f = new Intl.DateTimeFormat("en-GB", {
        timeZone: zone,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })),
    );
  return f;
};

/** "14:30" in `zone`. */
export const timeIn = (iso: string, zone: string) => time(zone).format(new Date(iso));

/** The YYYY-MM-DD date of an instant in `zone`. */
export const dateIn = (iso: string, zone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));

/** "Monday 12 January" of a YYYY-MM-DD date. */
export const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(`${date}T12:00:00Z`));
