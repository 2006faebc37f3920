import {
  dashboardAnswerSchema,
  deskErrorSchema,
  inboxAnswerSchema,
  inboxQuerySchema,
  leadAnswerSchema,
  leadIdParamsSchema,
  leadUpdateSchema,
  noteCreateSchema,
  noteSchema,
  staffListSchema,
  timelineAnswerSchema,
} from "@site/contracts/desk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../records/database";
import type { Clock } from "../platform/clock";
import { dashboard } from "./dashboard";
import { staffOf } from "../records/staff/guard";
import { queryInbox } from "./lead-inbox";
import { leadTimeline } from "./lead-timeline";
import { addNote, getLeadAnswer, LeadWorkError, updateLead } from "./lead-work";
import { activeStaff } from "../records/staff/staff-store";

const noLead = (reply: FastifyReply) =>
  reply.code(404).send({ error: "not_found", message: "No lead with this id (it may have been erased)." });

/** The private API the desk's pages read and write (the guard has checked the session). */
export function registerLeadDeskRoutes(app: FastifyInstance, deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const db = database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/leads",
    { schema: { querystring: inboxQuerySchema, response: { 200: inboxAnswerSchema } } },
    async (req) => queryInbox(database, req.query, staffOf(req).id),
  );

  r.get(
    "/api/leads/:id",
    { schema: { params: leadIdParamsSchema, response: { 200: leadAnswerSchema, 404: deskErrorSchema } } },
    async (req, reply) => (await getLeadAnswer(db, req.params.id)) ?? noLead(reply),
  );

  r.patch(
    "/api/leads/:id",
    {
      schema: {
        params: leadIdParamsSchema,
        body: leadUpdateSchema,
        response: { 200: leadAnswerSchema, 400: deskErrorSchema, 404: deskErrorSchema },
      },
    },
    async (req, reply) => {
      try {
        if (!(await updateLead(db, req.params.id, req.body, staffOf(req), clock.now()))) return noLead(reply);
      } catch (err) {
        if (err instanceof LeadWorkError)
          return reply.code(400).send({ error: "bad_request", message: err.message });
        throw err;
      }
      return (await getLeadAnswer(db, req.params.id)) ?? noLead(reply);
    },
  );

  r.post(
    "/api/leads/:id/notes",
    {
      schema: {
        params: leadIdParamsSchema,
        body: noteCreateSchema,
        response: { 201: noteSchema, 404: deskErrorSchema },
      },
    },
    async (req, reply) => {
      const note = await addNote(db, req.params.id, req.body.body, staffOf(req), clock.now());
      return note ? reply.code(201).send(note) : noLead(reply);
    },
  );

  r.get(
    "/api/leads/:id/timeline",
    { schema: { params: leadIdParamsSchema, response: { 200: timelineAnswerSchema, 404: deskErrorSchema } } },
    async (req, reply) => {
      const items = await leadTimeline(db, req.params.id);
      return items ? { items } : noLead(reply);
    },
  );

  r.get("/api/staff", { schema: { response: { 200: staffListSchema } } }, async () => ({
    staff: await activeStaff(db),
  }));

  r.get("/api/dashboard", { schema: { response: { 200: dashboardAnswerSchema } } }, async () =>
    dashboard(db, clock.now()),
  );
}
