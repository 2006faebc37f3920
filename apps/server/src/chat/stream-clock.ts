// When a chat stream beats, ends and resumes: its timings from SOCKET_TIMEOUT_MS, and the seq a
// (re)connecting client already has.

/** A comment line keeps proxies and our own idle timeout (SOCKET_TIMEOUT_MS) from closing the stream. */
const HEARTBEAT_MS = 15_000;
/** After a visitor's stream ends, the client has this long to read the rest and close, or is reset. */
const GRACE_MS = 5_000;

/**
 * The streams' clock, from SOCKET_TIMEOUT_MS: a heartbeat well within it (15 s by default), and a
 * visitor's stream that ends, with its grace, within it: one that is never read is gone by then.
 */
export function streamTimings(socketTimeoutMs: number) {
  const graceMs = Math.min(GRACE_MS, Math.floor(socketTimeoutMs / 4));
  return {
    heartbeatMs: Math.min(HEARTBEAT_MS, Math.floor(socketTimeoutMs / 4)),
    graceMs,
    lifetimeMs: socketTimeoutMs - graceMs,
  };
}

/** The Last-Event-ID header (a reconnecting EventSource), else `?after=` (a new one), else 0. */
export function resumeFrom(lastEventId: string | string[] | undefined, after: number | undefined): number {
  const header =
    typeof lastEventId === "string" && /^\d{1,9}$/.test(lastEventId) ? Number(lastEventId) : undefined;
  return header ?? after ?? 0;
}
