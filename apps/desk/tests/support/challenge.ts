// The proof-of-work challenge as the site's browser answers it, for leads the tests send as visitors:
// a challenge from the run's service, solved with altcha-lib in Node (the run's real cost).
import { CHALLENGE_FIELD, CHALLENGE_PATH } from "@site/contracts";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Challenge } from "altcha-lib/types";

/** `body` with a solved challenge of the service at `origin` (scheme://host:port). */
export async function withChallenge(origin: string, body: Record<string, string>) {
  const res = await fetch(`${origin}${CHALLENGE_PATH}`);
  if (!res.ok) throw new Error(`GET ${CHALLENGE_PATH} answered ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  return { ...body, [CHALLENGE_FIELD]: payload };
}
