// The proof-of-work challenge in the browser (ALTCHA, decision 0023): a challenge from the service the
// form posts to, solved with altcha-lib over WebCrypto while the visitor fills in the form, and sent
// with the form (CHALLENGE_FIELD). Nothing to click: solving starts when the visitor first touches the
// form and is ready long before they send it; a send that comes sooner waits for it. WebCrypto derives
// each key natively, off the page's script, so the page stays responsive while it solves.
import { CHALLENGE_PATH, CHALLENGE_TTL_MS } from "@site/contracts/challenge";
import type { Challenge } from "altcha-lib/types";
import { type RefObject, useEffect, useState } from "react";

/** A solution a little short of its expiry is not sent: a new one is solved instead. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * The performance measure of each solve, its duration the work: read by csp.spec.ts and by
 * scripts/bench-challenge.mjs (plain JavaScript, which repeats the name).
 */
export const SOLVE_MEASURE = "challenge-solve";

interface Solved {
  payload: string;
  /** Whether the service still takes it, by this device's clocks (elapsed time, not the time of day). */
  fresh(): boolean;
}

/**
 * Whether less than the challenge's lifetime, less the margin, has passed since now. The device's
 * time of day may be far from the service's, so the challenge's own expiry is not compared with it:
 * the time elapsed is, as the larger of the wall clock's and the monotonic clock's (one may jump back,
 * the other may stand still while the device sleeps).
 */
function freshFromNow(): () => boolean {
  const wall = Date.now();
  const mono = performance.now();
  return () => Math.max(Date.now() - wall, performance.now() - mono) < CHALLENGE_TTL_MS - EXPIRY_MARGIN_MS;
}

async function solveOne(service: string): Promise<Solved> {
  const fresh = freshFromNow();
  const res = await fetch(`${service}${CHALLENGE_PATH}`, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`The challenge could not be fetched (${res.status}).`);
  const challenge = (await res.json()) as Challenge;
  // Loaded when first needed: no page carries the solver before a form is touched.
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import("altcha-lib"),
    import("altcha-lib/algorithms/web/pbkdf2"),
  ]);
  const started = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  performance.measure(SOLVE_MEASURE, { start: started });
  if (!solution) throw new Error("The challenge was not solved in time.");
  return { payload: btoa(JSON.stringify({ challenge, solution })), fresh };
}

export interface ChallengeSolver {
  /** Starts solving a challenge unless one is being solved or waits, solved, to be sent. */
  start(): void;
  /**
   * The solution for one request (each is accepted once): the waiting one, or a new one if none was
   * started or it is about to run out; undefined when none could be had (the request goes without).
   */
  take(): Promise<string | undefined>;
}

/**
 * After a failed solve (the service unreachable, say) a touch of the form waits this long before it
 * asks again, twice as long after each failure in a row, at most RETRY_MAX_MS: a visitor typing into
 * a form whose service is down sends a request every few seconds at most, not one per keystroke. A
 * send (take) always asks.
 */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** A solver for the requests to `service` (the base URL of the contact or quotation service). */
export function challengeSolver(service: string): ChallengeSolver {
  let pending: Promise<Solved> | undefined;
  let retryAt = 0;
  let retryIn = RETRY_FIRST_MS;
  const begin = () => {
    if (pending) return;
    const solving = solveOne(service);
    pending = solving;
    solving.then(
      () => void (retryIn = RETRY_FIRST_MS),
      () => {
        // A failed solve is forgotten, so the next start (after the wait) or take tries again.
        if (pending === solving) pending = undefined;
        retryAt = performance.now() + retryIn;
        retryIn = Math.min(retryIn * 2, RETRY_MAX_MS);
      },
    );
  };
  return {
    start() {
      if (performance.now() >= retryAt) begin();
    },
    async take() {
      for (let attempt = 0; attempt < 2; attempt++) {
        begin();
        const solving = pending!;
        pending = undefined;
        const solved = await solving.catch(() => undefined);
        if (solved?.fresh()) return solved.payload;
      }
      return undefined;
    },
  };
}

/**
 * A solver for the form (or panel) `ref` points to, started by the visitor's first touch of it: a
 * focus, a press or a keystroke anywhere inside it.
 */
export function useChallenge(service: string, ref: RefObject<HTMLElement | null>): ChallengeSolver {
  const [solver] = useState(() => challengeSolver(service));
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const events = ["focusin", "pointerdown", "input"] as const;
    const start = () => solver.start();
    for (const e of events) el.addEventListener(e, start);
    return () => {
      for (const e of events) el.removeEventListener(e, start);
    };
  }, [solver, ref]);
  return solver;
}
