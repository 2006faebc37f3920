import { describe, expect, it } from "vitest";
import { formatDayLabels, formatLongDate } from "./format-date";

describe("formatLongDate", () => {
  it("writes every month as en-GB's long date format does", () => {
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 10, 28]) {
        const iso = `2026-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        const intl = new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", {
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        });
        expect(formatLongDate(iso)).toBe(intl);
      }
    }
  });

  it("refuses anything but a YYYY-MM-DD date", () => {
    for (const bad of ["2026-13-01", "21/11/2026", "2026-1-5", ""]) {
      expect(() => formatLongDate(bad)).toThrow(/YYYY-MM-DD/);
    }
  });
});

describe("formatDayLabels", () => {
  it("writes every day of two years as en-GB's short and long day labels do", () => {
    const intl = (width: "short" | "long") =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: width, day: "numeric", month: width });
    const [short, long] = [intl("short"), intl("long")];
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const noon = new Date(day + 43_200_000);
      expect(formatDayLabels(iso)).toEqual({ short: short.format(noon), long: long.format(noon) });
    }
  });
});
