import { uuidV7 } from "@site/contracts/uuid";

/**
 * Idempotency keys for lead submissions.
 *
 * Each submit attempt carries an `Idempotency-Key` header. When the person retries the very same
 * submission (same data, e.g. after a failed attempt) the key is reused, so a request that did reach the
 * service before the connection dropped is not stored twice. Once the data changes, or after a success,
 * the next attempt gets a fresh key.
 */
/**
 * A UUIDv7: time-ordered, so the service's key index grows at its end instead of at a random page
 * per request (the cost that dominated storing a lead), with 74 random bits from getRandomValues.
 */
export function newIdempotencyKey(): string {
  return uuidV7(crypto.getRandomValues(new Uint8Array(16)), Date.now());
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
