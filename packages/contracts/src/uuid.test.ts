import { describe, expect, it } from "vitest";
import { UUID_V7_PATTERN, uuidV7 } from "./uuid";

const bytes = (fill: number) => new Uint8Array(16).fill(fill);

describe("uuidV7", () => {
  it("puts the millisecond time first, then the version, variant and random bits", () => {
    const ms = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
    const id = uuidV7(bytes(0xff), ms);
    expect(id).toMatch(UUID_V7_PATTERN);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(ms);
    expect(id).toBe(
      `${ms
        .toString(16)
        .padStart(12, "0")
        .replace(/^(.{8})(.{4})$/, "$1-$2")}-7fff-bfff-ffffffffffff`,
    );
    expect(uuidV7(bytes(0), ms).slice(14)).toBe("7000-8000-000000000000");
  });

  it("sorts as text in the order of creation", () => {
    const random = () => crypto.getRandomValues(new Uint8Array(16));
    const times = [0, 1, 255, 256, 65_535, 1_700_000_000_000, 1_700_000_000_001, 2 ** 48 - 1];
    const ids = times.map((t) => uuidV7(random(), t));
    expect([...ids].sort()).toEqual(ids);
  });

  it("refuses fewer than 16 random bytes", () => {
    expect(() => uuidV7(new Uint8Array(15), 0)).toThrow(RangeError);
  });
});
