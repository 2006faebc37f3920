import { DEFAULT_CONSULTATION_SETTINGS, DEFAULT_WEEK_HOURS } from "@site/contracts/desk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateIn, freeSlots, type MemberSchedule, slotDays, workingSlots } from "./availability";

const settings = DEFAULT_CONSULTATION_SETTINGS;
const ZONES = ["Europe/London", "Asia/Colombo"] as const;
const member = (zone: string, id = "m1"): MemberSchedule => ({
  id,
  zone,
  hours: DEFAULT_WEEK_HOURS,
  daysOff: new Set(),
  lastBookedAt: null,
});
const none = { cells: new Set<string>(), perDay: new Map<string, number>() };

const formats = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of an instant in a zone, by the runtime's Intl (not by the library under test). */
function wallClock(instant: Date, zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { weekday: parts.weekday!, time: `${parts.hour}:${parts.minute}` };
}

// 2026: the UK's clocks go forward on 29 March and back on 25 October; Sri Lanka has no summer time.
const CLOCK_CHANGE_WEEKS = [Date.parse("2026-03-23T00:00:00Z"), Date.parse("2026-10-19T00:00:00Z")];
const anyInstant = fc.oneof(
  fc.integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2026-12-31T00:00:00Z") }),
  ...CLOCK_CHANGE_WEEKS.map((w) => fc.integer({ min: w, max: w + 7 * 24 * 3600_000 })),
);

describe("slots from IANA zones", () => {
  it("are 09:00 to 17:30 on the member's own weekdays, every 30 minutes, in any week (clock changes too)", () => {
    fc.assert(
      fc.property(anyInstant, fc.constantFrom(...ZONES), (from, zone) => {
        const start = new Date(from);
        const slots = workingSlots(member(zone), settings, start, new Date(from + 7 * 24 * 3600_000));
        const perDay = new Map<string, number>();
        for (const s of slots) {
          const wall = wallClock(s.start, zone);
          expect(["Mon", "Tue", "Wed", "Thu", "Fri"]).toContain(wall.weekday);
          expect(wall.time >= "09:00" && wall.time <= "17:30", `${s.start.toISOString()} ${wall.time}`).toBe(
            true,
          );
          expect(wall.time.endsWith(":00") || wall.time.endsWith(":30")).toBe(true);
          expect(s.day).toBe(dateIn(s.start, zone));
          perDay.set(s.day, (perDay.get(s.day) ?? 0) + 1);
        }
        // Whole days inside the week hold 18 slots, however the clock moved.
        const inner = [...perDay.entries()].slice(1, -1);
        for (const [, n] of inner) expect(n).toBe(18);
      }),
      { numRuns: 100 },
    );
  });

  it("show a visitor's days in the visitor's zone, sorted, past the notice, at most 14", () => {
    const visitorZones = [
      "Europe/London",
      "Asia/Colombo",
      "America/New_York",
      "Pacific/Auckland",
      "Asia/Kolkata",
    ];
    fc.assert(
      fc.property(anyInstant, fc.constantFrom(...visitorZones), (now, zone) => {
        const members = [member("Europe/London", "a"), member("Asia/Colombo", "b")];
        const days = slotDays(members, settings, none, new Date(now), zone);
        expect(days.length).toBeGreaterThan(0);
        expect(days.length).toBeLessThanOrEqual(14);
        expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
        for (const d of days) {
          for (const s of d.slots) {
            expect(dateIn(new Date(s), zone)).toBe(d.date);
            expect(Date.parse(s)).toBeGreaterThanOrEqual(now + settings.noticeMinutes * 60_000);
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it("put a Colombo visitor's 14:30 in January at 09:00 UTC, London's 09:00, and London's July 09:00 at 13:30 in Colombo", () => {
    const london = member("Europe/London");
    const jan = [
      ...freeSlots(
        [london],
        settings,
        none,
        new Date("2026-01-12T00:00Z"),
        new Date("2026-01-13T00:00Z"),
      ).keys(),
    ];
    const colombo1430 = jan.find((s) => wallClock(new Date(s), "Asia/Colombo").time === "14:30");
    expect(colombo1430).toBe("2026-01-12T09:00:00.000Z");
    expect(wallClock(new Date(colombo1430!), "Europe/London").time).toBe("09:00");
    const jul = [
      ...freeSlots(
        [london],
        settings,
        none,
        new Date("2026-07-13T00:00Z"),
        new Date("2026-07-14T00:00Z"),
      ).keys(),
    ];
    expect(jul[0]).toBe("2026-07-13T08:00:00.000Z");
    expect(wallClock(new Date(jul[0]!), "Asia/Colombo").time).toBe("13:30");
  });

  it("keeps the buffer after a meeting and the daily cap", () => {
    const m = member("Europe/London");
    const taken = {
      cells: new Set([
        "m1|2026-01-12T10:00:00.000Z",
        "m1|2026-01-12T10:15:00.000Z",
        "m1|2026-01-12T10:30:00.000Z",
      ]),
      perDay: new Map([["m1|2026-01-13", settings.dailyCap]]),
    };
    const free = [
      ...freeSlots([m], settings, taken, new Date("2026-01-12T00:00Z"), new Date("2026-01-14T00:00Z")).keys(),
    ];
    expect(free).not.toContain("2026-01-12T09:30:00.000Z"); // its buffer would run into 10:00
    expect(free).not.toContain("2026-01-12T10:00:00.000Z");
    expect(free).not.toContain("2026-01-12T10:30:00.000Z"); // the meeting's buffer
    expect(free).toContain("2026-01-12T11:00:00.000Z");
    expect(free.filter((s) => s.startsWith("2026-01-13"))).toEqual([]);
  });
});
