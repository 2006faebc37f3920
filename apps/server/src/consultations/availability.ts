// Which slots are free, computed in UTC from each member's IANA zone (@date-fns/tz), never from a
// hand-made offset: a London member's 09:00 is 09:00 UTC in January and 08:00 UTC in July. Pure
// functions over what the store read; the database still has the last word (booking-store.ts).
import { TZDate } from "@date-fns/tz";
import { CONSULTATION_DAYS_SHOWN } from "@site/contracts/consultation";
import { type ConsultationSettings, WEEKDAYS, type WeekHours } from "@site/contracts/desk";

/** The grid every meeting and buffer is cut into: settings are multiples of it (the contract says so). */
const CELL_MINUTES = 15;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface MemberSchedule {
  id: string;
  zone: string;
  hours: WeekHours;
  /** Days off and the member's office's public holidays, as dates in the member's zone. */
  daysOff: ReadonlySet<string>;
  /** When the member was last given a meeting (ISO), or null: the least recently booked gets the next. */
  lastBookedAt: string | null;
}

/** What is taken: cells (`staff|cell`) and the meetings per member-day (`staff|day` → count). */
export interface Taken {
  cells: ReadonlySet<string>;
  perDay: ReadonlyMap<string, number>;
}

/**
 * A zone's offset from UTC (minutes, as Date's: positive west) at an instant, from the zone's rules
 * (@date-fns/tz). Offsets change only on a quarter hour, so one look-up serves a quarter hour; kept
 * for the process (bounded), as the rules of a zone do not change while it runs.
 */
const offsets = new Map<string, number>();
function offsetAt(ms: number, zone: string): number {
  const key = `${zone}|${Math.floor(ms / (CELL_MINUTES * MINUTE))}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = new TZDate(ms, zone).getTimezoneOffset();
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The date of an instant in a zone, YYYY-MM-DD. */
export function dateIn(instant: Date | number, zone: string): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return new Date(ms - offsetAt(ms, zone) * MINUTE).toISOString().slice(0, 10);
}

/** The instant of a wall-clock time ("09:30") on a date in a zone (kept for the process, bounded). */
const instants = new Map<string, number>();
function instantAt(date: string, time: string, zone: string): number {
  const key = `${zone}|${date}|${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const [h, min] = time.split(":").map(Number) as [number, number];
    ms = new TZDate(y, m - 1, d, h, min, zone).getTime();
    if (instants.size > 100_000) instants.clear();
    instants.set(key, ms);
  }
  return ms;
}

/** The date `n` days after `date` (calendar days). */
function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Monday first, as WEEKDAYS; from the date alone (a calendar fact, the same in every zone). */
function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(day + 6) % 7]!;
}

/** The cells a meeting starting at `start` holds: its own time and the buffer after it. */
export function cellsOf(start: Date, settings: ConsultationSettings): string[] {
  const n = (settings.slotMinutes + settings.bufferMinutes) / CELL_MINUTES;
  return Array.from({ length: n }, (_, i) =>
    new Date(start.getTime() + i * CELL_MINUTES * MINUTE).toISOString(),
  );
}

/** A member's working slots (start instants) whose start is in [from, to), by the member's calendar. */
export function workingSlots(member: MemberSchedule, settings: ConsultationSettings, from: Date, to: Date) {
  const out: { start: Date; day: string }[] = [];
  const last = dateIn(to, member.zone);
  for (let day = addDays(dateIn(from, member.zone), -1); day <= last; day = addDays(day, 1)) {
    const hours = member.hours[weekdayOf(day)];
    if (!hours || member.daysOff.has(day)) continue;
    const open = instantAt(day, hours.start, member.zone);
    const close = instantAt(day, hours.end, member.zone);
    for (let t = open; t + settings.slotMinutes * MINUTE <= close; t += settings.slotMinutes * MINUTE) {
      if (t >= from.getTime() && t < to.getTime()) out.push({ start: new Date(t), day });
    }
  }
  return out;
}

/** Whether the member can take a meeting at `start` (its day being `day` in the member's zone). */
export function memberIsFree(
  member: MemberSchedule,
  slot: { start: Date; day: string },
  settings: ConsultationSettings,
  taken: Taken,
): boolean {
  if ((taken.perDay.get(`${member.id}|${slot.day}`) ?? 0) >= settings.dailyCap) return false;
  return cellsOf(slot.start, settings).every((c) => !taken.cells.has(`${member.id}|${c}`));
}

/** The window in which a meeting may start at `now`: after the notice, within the horizon. */
export function bookingWindow(now: Date, settings: ConsultationSettings) {
  return {
    from: new Date(now.getTime() + settings.noticeMinutes * MINUTE),
    to: new Date(now.getTime() + settings.horizonDays * DAY),
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Never booked first, then the longest ago; ties by id. */
export const byLeastRecentlyBooked = (a: MemberSchedule, b: MemberSchedule) =>
  compare(a.lastBookedAt ?? "", b.lastBookedAt ?? "") || compare(a.id, b.id);

/**
 * Every free slot in [from, to): its start (ISO) → the members free then, least recently booked
 * first (the one the meeting goes to). Ordered by start.
 */
export function freeSlots(
  members: readonly MemberSchedule[],
  settings: ConsultationSettings,
  taken: Taken,
  from: Date,
  to: Date,
): Map<string, MemberSchedule[]> {
  const free = new Map<string, MemberSchedule[]>();
  for (const member of [...members].sort(byLeastRecentlyBooked)) {
    for (const slot of workingSlots(member, settings, from, to)) {
      if (!memberIsFree(member, slot, settings, taken)) continue;
      const key = slot.start.toISOString();
      free.set(key, [...(free.get(key) ?? []), member]);
    }
  }
  return new Map([...free].sort(([a], [b]) => compare(a, b)));
}

/**
 * The page's calendar: the next working days in the visitor's `zone` (dates on which some member
 * works a slot that has not started yet, within the horizon), at most CONSULTATION_DAYS_SHOWN, each
 * with its free slots (past the notice); a day whose slots are all taken is shown empty.
 */
export function slotDays(
  members: readonly MemberSchedule[],
  settings: ConsultationSettings,
  taken: Taken,
  now: Date,
  zone: string,
) {
  const window = bookingWindow(now, settings);
  const days = new Map<string, string[]>();
  for (const member of members) {
    for (const slot of workingSlots(member, settings, now, window.to)) days.set(dateIn(slot.start, zone), []);
  }
  const shown = [...days.keys()].sort().slice(0, CONSULTATION_DAYS_SHOWN);
  for (const start of freeSlots(members, settings, taken, window.from, window.to).keys()) {
    days.get(dateIn(new Date(start), zone))?.push(start);
  }
  return shown.map((date) => ({ date, slots: days.get(date)! }));
}
