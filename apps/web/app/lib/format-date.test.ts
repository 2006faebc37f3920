import { describe, expect, it } from "vitest";
import { formatLongDate } from "./format-date";

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
