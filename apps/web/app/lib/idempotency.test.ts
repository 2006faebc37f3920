import { describe, expect, it } from "vitest";
import { createIdempotencyKeys, fingerprint, newIdempotencyKey } from "./idempotency";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newIdempotencyKey", () => {
  it("returns distinct UUID v4 strings", () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(UUID_V4);
    expect(b).toMatch(UUID_V4);
    expect(a).not.toBe(b);
  });

  it("falls back to getRandomValues when randomUUID is unavailable", () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const key = newIdempotencyKey();
      expect(key).toMatch(UUID_V4);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
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
