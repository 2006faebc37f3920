import {
  deskErrorSchema,
  erasureAnswerSchema,
  erasurePreviewSchema,
  leadIdParamsSchema,
} from "@site/contracts/desk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Clock } from "../platform/clock";
import type { Database } from "../records/database";
import { staffOf } from "../records/staff/guard";
import { erasurePreview, eraseLeadPerson } from "./erasure";

const noLead = (reply: FastifyReply) =>
  reply.code(404).send({ error: "not_found", message: "No lead with this id (it may have been erased)." });

/** Erasure from a lead's page: how many leads of its address would go, and erasing them. */
export function registerErasureRoutes(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock; onErased?: ((ids: readonly string[]) => void) | undefined },
) {
  const { database, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/leads/:id/erasure",
    { schema: { params: leadIdParamsSchema, response: { 200: erasurePreviewSchema, 404: deskErrorSchema } } },
    async (req, reply) => {
      const preview = await erasurePreview(database, req.params.id);
      return preview ? { leads: preview.leads } : noLead(reply);
    },
  );

  r.post(
    "/api/leads/:id/erasure",
    { schema: { params: leadIdParamsSchema, response: { 200: erasureAnswerSchema, 404: deskErrorSchema } } },
    async (req, reply) =>
      (await eraseLeadPerson(database, {
        id: req.params.id,
        staff: staffOf(req),
        now: clock.now(),
        onErased: deps.onErased,
      })) ?? noLead(reply),
  );
}
