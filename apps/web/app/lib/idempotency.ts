/**
 * Idempotency keys for lead submissions.
 *
 * Each submit attempt carries an `Idempotency-Key` header. When the person retries the very same
 * submission (same data, e.g. after a failed attempt) the key is reused, so a request that did reach the
 * service before the connection dropped is not stored twice. Once the data changes, or after a success,
 * the next attempt gets a fresh key.
 */

/** A random UUID v4; falls back to getRandomValues where randomUUID is unavailable (non-secure context). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Stable text form of a payload: keys sorted, so field order never changes the fingerprint. */
export function fingerprint(payload: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(payload)
      .sort()
      .map((k) => [k, payload[k] ?? null]),
  );
}

export interface IdempotencyKeys {
  /** The key for this payload: the previous key if the payload is unchanged, otherwise a new one. */
  keyFor(payload: Record<string, unknown>): string;
  /** Forget the current key (after a success): the next submission is a new lead. */
  reset(): void;
}

export function createIdempotencyKeys(generate: () => string = newIdempotencyKey): IdempotencyKeys {
  let current: { print: string; key: string } | null = null;
  return {
    keyFor(payload) {
      const print = fingerprint(payload);
      if (current?.print !== print) current = { print, key: generate() };
      return current.key;
    },
    reset() {
      current = null;
    },
  };
}
