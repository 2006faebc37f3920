import { describe, expect, it } from "vitest";
import { UUID_V7_PATTERN } from "@site/contracts/uuid";
import { createIdempotencyKeys, fingerprint, newIdempotencyKey } from "./idempotency";

describe("newIdempotencyKey", () => {
  it("returns distinct UUIDv7 strings, in the order they were made", () => {
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    for (const k of keys) expect(k).toMatch(UUID_V7_PATTERN);
    expect(new Set(keys).size).toBe(50);
    const ms = (k: string) => parseInt(k.replace(/-/g, "").slice(0, 12), 16);
    expect(keys.map(ms)).toEqual([...keys.map(ms)].sort((a, b) => a - b));
    expect(Math.abs(ms(keys[0]!) - Date.now())).toBeLessThan(60_000);
  });
});

describe("fingerprint", () => {
  it("ignores key order but not values", () => {
    expect(fingerprint({ a: "1", b: "2" })).toBe(fingerprint({ b: "2", a: "1" }));
    expect(fingerprint({ a: "1", b: "2" })).not.toBe(fingerprint({ a: "1", b: "3" }));
    expect(fingerprint({ a: "1" })).not.toBe(fingerprint({ a: "1", b: "" }));
  });
});

describe("createIdempotencyKeys", () => {
  it("reuses the key for an unchanged payload, renews it when the data changes or after reset", () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `key-${++n}`);
    const payload = { name: "Ada", email: "ada@example.com" };

    expect(keys.keyFor(payload)).toBe("key-1");
    expect(keys.keyFor({ ...payload })).toBe("key-1"); // retry of the same submission
    expect(keys.keyFor({ ...payload, name: "Ada L" })).toBe("key-2"); // data changed
    expect(keys.keyFor({ ...payload, name: "Ada L" })).toBe("key-2");
    expect(keys.keyFor(payload)).toBe("key-3"); // changed back: still a different attempt
    keys.reset(); // after a success
    expect(keys.keyFor(payload)).toBe("key-4");
  });
});
