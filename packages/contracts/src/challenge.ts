// The proof-of-work challenge (ALTCHA, issue 33) on the wire: where a page gets one, the body field
// that carries the solution, and the refusals of the routes that require it. No zod: the site's
// solver (apps/web/app/lib/challenge.ts) reads only these names.

/** GET on the contact and quotation services: a fresh challenge (ALTCHA's `{ parameters, signature }`). */
export const CHALLENGE_PATH = "/challenge";

/**
 * The body field of POST /contact, /quotation, /consultation and /chat/conversations: the solution
 * as ALTCHA's widget sends it, base64 of the JSON `{ challenge, solution }`. Optional on the forms (a
 * lead without it is stored, marked unverified); required to book and to start a chat.
 */
export const CHALLENGE_FIELD = "altcha";

/**
 * A challenge is good for this long after the service issues it. The page counts it on its own clock
 * from when it fetched the challenge, never comparing the service's expiry with the device's clock
 * (which may be minutes or days off).
 */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** How a required solution is refused (403), with the words the page shows. */
export const CHALLENGE_REFUSALS = {
  challenge_missing: "Your browser did not send its anti-spam check. Reload the page and try again.",
  challenge_invalid: "Your browser's anti-spam check did not pass. Please try again.",
  challenge_expired: "Your browser's anti-spam check ran out of time. Please try again.",
  challenge_used: "Your browser's anti-spam check was already used. Please try again.",
} as const;
export type ChallengeRefusal = keyof typeof CHALLENGE_REFUSALS;

/** The body of a 403 that refuses the solution. */
export interface ChallengeRefusalBody {
  error: ChallengeRefusal;
  message: string;
}

/** The refusal's words when `body` is a challenge refusal, else undefined. */
export function challengeRefusalMessage(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  return typeof error === "string" && Object.hasOwn(CHALLENGE_REFUSALS, error)
    ? CHALLENGE_REFUSALS[error as ChallengeRefusal]
    : undefined;
}
