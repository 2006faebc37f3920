import {
  deliveryParamsSchema,
  deskErrorSchema,
  inboxQuerySchema,
  leadAnswerSchema,
  leadIdParamsSchema,
  spamUpdateSchema,
} from "@site/contracts/desk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../records/database";
import type { Channel } from "../platform/db/schema";
import type { Clock } from "../platform/clock";
import { leadsToCsv } from "../records/lead-csv";
import { currentEndpoint } from "../records/outbox/webhook-endpoint";
import { staffOf } from "../records/staff/guard";
import { exportInbox, retryDelivery, setSpam } from "./lead-actions";
import { getLeadAnswer } from "./lead-work";

const noLead = (reply: FastifyReply) =>
  reply.code(404).send({ error: "not_found", message: "No lead with this id (it may have been erased)." });

/** Spam decisions, retries and export (the guard has checked the session and the Origin). */
export function registerLeadActionRoutes(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock; channels: readonly Channel[] },
) {
  const { database, clock, channels } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/leads/:id/spam",
    {
      schema: {
        params: leadIdParamsSchema,
        body: spamUpdateSchema,
        response: { 200: leadAnswerSchema, 404: deskErrorSchema },
      },
    },
    async (req, reply) => {
      const ok = await setSpam(database, {
        id: req.params.id,
        spam: req.body.spam,
        staff: staffOf(req),
        now: clock.now(),
        channels,
      });
      return (ok && (await getLeadAnswer(database.db, req.params.id))) || noLead(reply);
    },
  );

  r.post(
    "/api/leads/:id/deliveries/:channel/retry",
    {
      schema: {
        params: deliveryParamsSchema,
        response: { 200: leadAnswerSchema, 404: deskErrorSchema, 409: deskErrorSchema },
      },
    },
    async (req, reply) => {
      const { id, channel } = req.params;
      // Retrying would send nothing: the receiver asked for no more (decided where WEBHOOK_URL is set).
      const endpoint = channel === "webhook" ? await currentEndpoint(database.db, clock.now()) : null;
      if (endpoint?.goneAt) {
        return reply.code(409).send({
          error: "webhook_stopped",
          message:
            `The webhook receiver at ${endpoint.origin} answered 410 Gone: nothing is sent to it until ` +
            "the webhook is configured again (see the dashboard).",
        });
      }
      if (!(await retryDelivery(database, { id, channel, staff: staffOf(req), now: clock.now() }))) {
        return reply.code(404).send({ error: "not_found", message: "No unsent delivery on this channel." });
      }
      return (await getLeadAnswer(database.db, id)) ?? noLead(reply);
    },
  );

  // A download (the browser follows a link): CSV of every lead the inbox's filters select.
  r.get("/api/leads/export.csv", { schema: { querystring: inboxQuerySchema } }, async (req, reply) => {
    const leads = await exportInbox(database, { filters: req.query, staff: staffOf(req), now: clock.now() });
    const day = clock.now().toISOString().slice(0, 10);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="leads-${day}.csv"`)
      .send(leadsToCsv(leads));
  });
}
