import { describe, expect, it } from "vitest";
import { inOfficeHours } from "./office-hours";

describe("inOfficeHours (Monday to Friday, 09:00–18:00 London)", () => {
  it.each([
    // Winter: London is UTC+0.
    ["2026-01-05T08:59:59Z", false], // Monday 08:59 GMT
    ["2026-01-05T09:00:00Z", true], // Monday 09:00 GMT
    ["2026-01-09T17:59:59Z", true], // Friday 17:59 GMT
    ["2026-01-09T18:00:00Z", false], // Friday 18:00 GMT
    ["2026-01-10T12:00:00Z", false], // Saturday
    ["2026-01-11T12:00:00Z", false], // Sunday
    // Summer: London is UTC+1 (BST), so 09:00 London is 08:00 UTC.
    ["2026-07-06T08:00:00Z", true], // Monday 09:00 BST
    ["2026-07-06T07:59:59Z", false], // Monday 08:59 BST
    ["2026-07-10T16:59:59Z", true], // Friday 17:59 BST
    ["2026-07-10T17:00:00Z", false], // Friday 18:00 BST
    // The switch to BST (Sunday 29 March 2026) and back (Sunday 25 October 2026).
    ["2026-03-30T08:00:00Z", true], // Monday after: 09:00 BST
    ["2026-10-26T08:30:00Z", false], // Monday after the switch back: 08:30 GMT
    ["2026-10-26T09:00:00Z", true],
  ])("%s → %s", (at, expected) => {
    expect(inOfficeHours(new Date(at))).toBe(expected);
  });
});
