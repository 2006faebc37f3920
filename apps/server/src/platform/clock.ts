/** The services read time through this, so tests can move it (idempotency expiry, backoff). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  constructor(private current = new Date("2026-01-05T09:00:00.000Z")) {}
  now() {
    return new Date(this.current.getTime());
  }
  set(d: Date) {
    this.current = new Date(d.getTime());
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
