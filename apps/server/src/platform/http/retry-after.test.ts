import { describe, expect, it } from "vitest";
import { retryAfterMs } from "./retry-after";

describe("Retry-After", () => {
  const now = Date.parse("2026-11-24T09:00:00Z");

  it("reads delay-seconds", () => {
    expect(retryAfterMs("120", null, now)).toBe(120_000);
    expect(retryAfterMs(" 0 ", null, now)).toBe(0);
  });

  it("reads an HTTP-date from the answer's own Date, whatever our clock says", () => {
    const date = "Tue, 24 Nov 2026 08:00:00 GMT"; // the receiver's clock is an hour behind ours
    expect(retryAfterMs("Tue, 24 Nov 2026 08:10:00 GMT", date, now)).toBe(600_000);
    expect(retryAfterMs("Tue, 24 Nov 2026 09:10:00 GMT", null, now)).toBe(600_000);
    // The obsolete forms HTTP still asks recipients to read; asctime is GMT though it does not say.
    expect(retryAfterMs("Tuesday, 24-Nov-26 08:05:00 GMT", date, now)).toBe(300_000);
    expect(retryAfterMs("Tue Nov 24 08:01:30 2026", date, now)).toBe(90_000);
    expect(retryAfterMs("Tue, 24 Nov 2026 07:00:00 GMT", date, now)).toBe(0); // already past
  });

  it("ignores what is not a Retry-After", () => {
    for (const v of [null, "", "soon", "-5", "1.5", "2026-11-24T09:10:00Z", "Tue, 24 Nov 2026 09:10:00"]) {
      expect(retryAfterMs(v, null, now)).toBeUndefined();
    }
  });
});
