// What the contact and quotation listeners are before any feature joins them: JSON APIs for the
// site's origins, rate-limited, with a health and a readiness check, and the proof-of-work challenge.
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { registerChallengeRoute } from "../challenge/challenge-routes";
import type { ProofOfWork } from "../challenge/proof-of-work";
import type { Config } from "../config/config";
import type { DB } from "../db/schema";
import type { Kysely } from "kysely";
import { setJsonErrorHandlers } from "./json-errors";
import { type RateLimitBackend, registerRateLimit } from "./rate-limit";

/** A service's body at most where no contract says: a route with a body schema takes its own (body-limit.ts). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** A page may ask for this many challenges per client per minute for each POST it may send. */
const CHALLENGES_PER_POST = 6;

/**
 * JSON only, from the allowed origins (CORS), under the rate limit (`rateLimit`: the process's
 * backend, shared by its services; unset, the app's own), named JSON errors, no caching,
 * /healthz and /readyz (ready while `ping` answers), and GET /challenge.
 */
export async function registerJsonService(
  app: FastifyInstance,
  opts: {
    config: Config;
    rateLimit?: RateLimitBackend | undefined;
    ping: () => Promise<void>;
    challenge: { pow: ProofOfWork; db: Kysely<DB> };
  },
) {
  const { config } = opts;
  // Only JSON is parsed; text/plain (Fastify's other default) is refused as 415.
  app.removeContentTypeParser("text/plain");
  // Route bodies are validated by their zod schema; a refused body reaches the error handler.
  app.setValidatorCompiler(validatorCompiler);

  setJsonErrorHandlers(app);
  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .send({ error: "not_found", message: `No route for ${req.method} ${req.url.split("?")[0]}.` }),
  );
  app.addHook("onSend", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    reply.header("x-content-type-options", "nosniff");
  });

  // @fastify/cors answers an OPTIONS without Origin or Access-Control-Request-Method (not a preflight)
  // with a plain-text 400; answer it here first, in JSON like every other error.
  app.addHook("onRequest", async (req, reply) => {
    if (req.method === "OPTIONS" && (!req.headers.origin || !req.headers["access-control-request-method"])) {
      return reply.code(400).send({
        error: "bad_request",
        message: "A CORS preflight needs Origin and Access-Control-Request-Method headers.",
      });
    }
  });
  await app.register(cors, {
    origin: config.ALLOWED_ORIGINS,
    methods: ["POST"],
    allowedHeaders: ["Content-Type", "Idempotency-Key"],
    credentials: false,
    maxAge: 600,
  });
  const rateLimitState = await registerRateLimit(app, config, opts.rateLimit);

  registerChallengeRoute(app, {
    ...opts.challenge,
    perMinute: config.RATE_LIMIT_PER_MINUTE * CHALLENGES_PER_POST,
  });
  app.get("/healthz", async () => ({ status: "ok" }));
  // Ready while the database answers. A rate limit without Redis is reported, not failed: every
  // instance shares the one Redis, so a 503 would take them all out of the balancer at once.
  app.get("/readyz", async (req, reply) => {
    const [db, rateLimit] = await Promise.all([
      opts.ping().then(
        () => undefined,
        (err: unknown) => err,
      ),
      rateLimitState(),
    ]);
    if (db === undefined) return { status: "ok", rateLimit };
    req.log.warn({ err: db instanceof Error ? db.message : String(db) }, "database not reachable");
    return reply.code(503).send({ status: "unavailable", rateLimit });
  });
}
