// The desk's consultation API (private, like every desk route: the guard checks the session and the
// Origin): the meetings, moving and cancelling one, the members' availability and the settings.
import { slotsAnswerSchema, timeZoneSchema } from "@site/contracts/consultation";
import {
  availabilityAnswerSchema,
  cancelAddressAnswerSchema,
  companySettingsSchema,
  deskErrorSchema,
  deskRescheduleSchema,
  leadIdParamsSchema,
  type Meeting,
  meetingSchema,
  meetingsAnswerSchema,
  memberAvailabilityUpdateSchema,
} from "@site/contracts/desk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../platform/clock";
import type { Database } from "../records/database";
import { staffOf } from "../records/staff/guard";
import { readCompanySettings, readMembers, saveCompanySettings, saveMember } from "./availability-store";
import { cancelAddress } from "./meeting-changes";
import { type MeetingView, readMeeting, upcomingMeetings } from "./meeting-queries";
import { type Refusal, Scheduling } from "./scheduling";

const refusalSchema = z.object({
  error: z.string(),
  message: z.string(),
  nextSlots: z.array(z.string()).optional(),
});
const noMeeting = (reply: FastifyReply) =>
  reply
    .code(404)
    .send({ error: "not_found", message: "No consultation with this id (it may have been erased)." });

function meetingAnswer(m: MeetingView): Meeting {
  return {
    leadId: m.leadId,
    status: m.status,
    start: m.start,
    end: m.end,
    member: { id: m.member.id, name: m.member.name, zone: m.member.zone },
    visitor: { ...m.visitor, zone: m.visitorZone },
    service: m.service,
    serviceLabel: m.serviceLabel,
    note: m.note,
    sequence: m.sequence,
  };
}

export function registerConsultationDeskRoutes(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock; onChange?: (leadId: string) => void },
) {
  const { database, clock } = deps;
  const db = database.db;
  const scheduling = new Scheduling(db, clock);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const availability = async () => ({
    settings: await readCompanySettings(db),
    members: await readMembers(db),
  });
  const afterChange = async (reply: FastifyReply, leadId: string, refusal: Refusal | undefined) => {
    if (refusal) {
      const { status, ...body } = refusal;
      return reply.code(status).send(body);
    }
    deps.onChange?.(leadId);
    const m = await readMeeting(db, leadId);
    return m ? meetingAnswer(m) : noMeeting(reply);
  };

  r.get("/api/consultations", { schema: { response: { 200: meetingsAnswerSchema } } }, async () => {
    // From a day back, so every zone's "today" is whole; the screen starts at the member's today.
    const meetings = await upcomingMeetings(db, new Date(clock.now().getTime() - 24 * 60 * 60_000));
    return { meetings: meetings.map(meetingAnswer) };
  });

  r.get(
    "/api/consultations/slots",
    {
      schema: {
        querystring: z.object({ zone: timeZoneSchema, except: leadIdParamsSchema.shape.id.optional() }),
        response: { 200: slotsAnswerSchema },
      },
    },
    async (req) => scheduling.days(req.query.zone, req.query.except),
  );

  r.post(
    "/api/consultations/:id/reschedule",
    {
      schema: {
        params: leadIdParamsSchema,
        body: deskRescheduleSchema,
        response: {
          200: meetingSchema,
          404: deskErrorSchema,
          409: refusalSchema,
          410: refusalSchema,
          422: refusalSchema,
        },
      },
    },
    async (req, reply) => {
      if (!(await readMeeting(db, req.params.id))) return noMeeting(reply);
      const refusal = await scheduling.reschedule(req.params.id, new Date(req.body.start), {
        staff: staffOf(req),
      });
      return afterChange(reply, req.params.id, refusal);
    },
  );

  r.post(
    "/api/consultations/:id/cancel",
    {
      schema: {
        params: leadIdParamsSchema,
        response: { 200: meetingSchema, 404: deskErrorSchema, 410: refusalSchema },
      },
    },
    async (req, reply) => {
      if (!(await readMeeting(db, req.params.id))) return noMeeting(reply);
      return afterChange(
        reply,
        req.params.id,
        await scheduling.cancel(req.params.id, { staff: staffOf(req) }),
      );
    },
  );

  r.post(
    "/api/consultations/:id/cancel-address",
    {
      schema: {
        params: leadIdParamsSchema,
        response: { 200: cancelAddressAnswerSchema, 404: deskErrorSchema },
      },
    },
    async (req, reply) => {
      const done = await cancelAddress(db, { leadId: req.params.id, now: clock.now(), staff: staffOf(req) });
      if (done.outcome !== "done") return noMeeting(reply);
      for (const id of done.result) deps.onChange?.(id);
      return { cancelled: done.result.length, leadIds: done.result };
    },
  );

  r.get(
    "/api/consultations/availability",
    { schema: { response: { 200: availabilityAnswerSchema } } },
    availability,
  );

  r.put(
    "/api/consultations/members/:id",
    {
      schema: {
        params: leadIdParamsSchema,
        body: memberAvailabilityUpdateSchema,
        response: { 200: availabilityAnswerSchema, 404: deskErrorSchema },
      },
    },
    async (req, reply) => {
      if (!(await saveMember(db, req.params.id, req.body, staffOf(req), clock.now()))) {
        return reply
          .code(404)
          .send({ error: "not_found", message: "No current member of the desk has this id." });
      }
      return availability();
    },
  );

  r.put(
    "/api/consultations/settings",
    { schema: { body: companySettingsSchema, response: { 200: availabilityAnswerSchema } } },
    async (req) => {
      await saveCompanySettings(db, req.body, staffOf(req), clock.now());
      return availability();
    },
  );
}
