import { siteSpeedAnswerSchema } from "@site/contracts/desk";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../records/database";
import type { Clock } from "../platform/clock";
import { siteSpeed } from "./speed-figures";

/** GET /api/site-speed: the "Site speed" screen's figures (private, like every desk route). */
export function registerSiteSpeedRoutes(app: FastifyInstance, deps: { database: Database; clock: Clock }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/site-speed", { schema: { response: { 200: siteSpeedAnswerSchema } } }, async () =>
      siteSpeed(deps.database.db, deps.clock.now()),
    );
}
