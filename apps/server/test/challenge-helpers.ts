// The proof-of-work challenge in tests: a real solve with altcha-lib in Node, of a challenge the
// service under test issued (testConfig sets CHALLENGE_COST to 1, so a solve takes milliseconds).
import { CHALLENGE_FIELD, CHALLENGE_PATH } from "@site/contracts";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import type { FastifyInstance } from "fastify";

/** A fresh challenge from `service`: an app (inject) or a listening service's base URL. */
export async function issuedChallenge(service: FastifyInstance | string): Promise<Challenge> {
  if (typeof service === "string") {
    const res = await fetch(`${service}${CHALLENGE_PATH}`);
    if (!res.ok) throw new Error(`GET ${CHALLENGE_PATH}: ${res.status}`);
    return (await res.json()) as Challenge;
  }
  const res = await service.inject({ method: "GET", url: CHALLENGE_PATH });
  if (res.statusCode !== 200) throw new Error(`GET ${CHALLENGE_PATH}: ${res.statusCode} ${res.body}`);
  return res.json() as Challenge;
}

/** ALTCHA's payload (base64 of `{ challenge, solution }`), as the site's browser sends it. */
export const encodePayload = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64");

/** `challenge` solved as a browser does: its payload for CHALLENGE_FIELD. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge was not solved");
  return encodePayload({ challenge, solution });
}

/** A solved challenge of `service`'s, for CHALLENGE_FIELD. */
export async function solvedChallenge(service: FastifyInstance | string): Promise<string> {
  return solve(await issuedChallenge(service));
}

/** `body` with a solved challenge of `service`'s, as a booking or a chat start needs. */
export async function withChallenge<T extends object>(service: FastifyInstance | string, body: T) {
  return { ...body, [CHALLENGE_FIELD]: await solvedChallenge(service) };
}
