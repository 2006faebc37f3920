// The challenge on the contact and quotation listeners: GET /challenge gives a page a fresh one, and
// the routes that require a solution (booking, starting a chat) check and spend it before their handler.
import { CHALLENGE_PATH, CHALLENGE_REFUSALS, type ChallengeRefusal } from "@site/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { type ProofOfWork, solutionOf } from "./proof-of-work";
import { purgeSpentChallenges, spendChallenges } from "./spent-challenges";

/** Spent solutions of expired challenges are dropped this often. */
const PURGE_EVERY_MS = 60 * 60_000;

/**
 * GET /challenge (rate-limited per client: issuing one costs the server one key derivation), and the
 * hourly purge of spent solutions while the app runs.
 */
export function registerChallengeRoute(
  app: FastifyInstance,
  opts: { pow: ProofOfWork; db: Kysely<DB>; perMinute: number },
) {
  app.get(CHALLENGE_PATH, { config: { rateLimit: { max: opts.perMinute, timeWindow: 60_000 } } }, async () =>
    opts.pow.issue(),
  );
  let purge: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    purge = setInterval(() => {
      purgeSpentChallenges(opts.db, new Date()).catch(() => {});
    }, PURGE_EVERY_MS);
    purge.unref();
  });
  app.addHook("onClose", async () => clearInterval(purge));
}

/** The 403 of a solution that is refused, in the words the page shows. */
function refuseChallenge(reply: FastifyReply, refusal: ChallengeRefusal) {
  return reply.code(403).send({ error: refusal, message: CHALLENGE_REFUSALS[refusal] });
}

/**
 * A preHandler for a route that requires a solved challenge: a missing, invalid, expired or already
 * spent one is refused with 403 and its words; a good one is spent (once, on every instance) and the
 * handler runs.
 */
export function requireChallenge(pow: ProofOfWork, db: Kysely<DB>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const proof = await pow.check(solutionOf(req.body));
    let refusal: ChallengeRefusal;
    if (proof.ok) {
      if ((await spendChallenges(db, [proof])).has(proof.id)) return;
      refusal = "challenge_used";
    } else refusal = proof.refusal;
    req.log.info({ challenge: refusal }, "challenge refused");
    return refuseChallenge(reply, refusal);
  };
}
