import { VITALS_PATH } from "@site/contracts";
import { vitalsBeaconSchema } from "@site/contracts/vitals-beacon";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../records/database";
import type { Clock } from "../platform/clock";
import { answerOtherMethods, postChecks } from "../platform/http/post-rules";
import { VitalsAggregator } from "./aggregator";

export interface VitalsRouteDeps {
  database: Database;
  clock: Clock;
  rateLimitPerMinute: number;
  allowedOrigins: readonly string[];
}

/**
 * POST /vitals (contact role): one page view's speed figures, validated by the contract, counted in
 * the aggregator's histograms (written once a second, and on close). Answers 204; a bad beacon 400
 * and nothing is counted. Rate-limited per client like the lead routes, with its own limit.
 */
export async function registerVitalsRoute(app: FastifyInstance, deps: VitalsRouteDeps) {
  const aggregator = new VitalsAggregator({ database: deps.database, clock: deps.clock, logger: app.log });
  app.addHook("onReady", async () => aggregator.start());
  app.addHook("onClose", async () => aggregator.stop());

  // Its own scope: the text/plain parser exists for this route only; the lead routes stay JSON-only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "text/plain",
      { parseAs: "string" },
      scope.getDefaultJsonParser("remove", "remove"),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: "POST",
      url: VITALS_PATH,
      config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } },
      schema: { body: vitalsBeaconSchema },
      // text/plain or application/json (a UTF-8 charset at most). navigator.sendBeacon sends a string
      // as `text/plain;charset=UTF-8`, a CORS-safelisted type: no preflight, which a beacon sent while
      // the page unloads could not wait for (and some engines refuse a beacon of another type).
      onRequest: postChecks({
        types: ["text/plain", "application/json"],
        wrongType: "Send the beacon as text/plain or application/json (UTF-8).",
        allowedOrigins: deps.allowedOrigins,
      }),
      handler: async (req, reply) => {
        if (!aggregator.add(req.body)) {
          return reply.code(503).send({
            error: "unavailable",
            message: "Speed figures cannot be taken right now.",
          });
        }
        return reply.code(204).send();
      },
    });
    answerOtherMethods(scope, VITALS_PATH);
  });
}
