// The visitor's consultation API on the contact service (its origin is in the site's connect-src):
// the free slots, booking, the confirmation link's confirm, and the signed link's lookup, reschedule
// and cancel. Bodies are checked as the forms' are (JSON only, allowed origins, the zod contract,
// honeypot, rate limit); a booking also by the caps on upcoming meetings per address and per client.
import { HONEYPOT_FIELD } from "@site/contracts";
import {
  type BookedMeeting,
  bookingSchema,
  CONSULTATION_PATHS,
  rescheduleSchema,
  slotsQuerySchema,
  tokenBodySchema,
} from "@site/contracts/consultation";
import type { ConsultationSettings } from "@site/contracts/desk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireChallenge } from "../platform/challenge/challenge-routes";
import type { ProofOfWork } from "../platform/challenge/proof-of-work";
import type { Clock } from "../platform/clock";
import type { Database } from "../records/database";
import type { Channel } from "../platform/db/schema";
import { mailDomain } from "../platform/mail/mailer";
import { clientKey } from "../platform/http/client-key";
import { answerOtherMethods, postChecks } from "../platform/http/post-rules";
import { readSettings } from "./availability-store";
import { holdEnd, storeSpamBooking } from "./booking-store";
import { invitationIcs, type Organizer } from "./invitation";
import { clientHash, signLink, verifyLink } from "./link-token";
import { manageUrl } from "./meeting-mails";
import { meetingStatus, type MeetingView, readMeeting } from "./meeting-queries";
import { NOT_FOUND, type Refusal, Scheduling } from "./scheduling";

export interface ConsultationRouteDeps {
  database: Database;
  clock: Clock;
  /** The HMAC key of the visitor's links (loaded once, see link-token.ts). */
  secret: () => Promise<Buffer>;
  rateLimitPerMinute: number;
  /** How many upcoming meetings one client (IPv4 address or IPv6 /64) may hold. */
  upcomingPerClient: number;
  /** Whether this process mails (SMTP_URL): without it no confirmation link can go, so none is asked. */
  canMail: boolean;
  allowedOrigins: readonly string[];
  teamChannels: readonly Channel[];
  organizer: Organizer;
  mailFrom: string;
  siteUrl: string;
  /** Called after a meeting is booked or changed: wakes the outbox worker. */
  onChange?: (leadId: string) => void;
  /** A booking requires a solved proof-of-work challenge (403 in words without one). */
  pow: ProofOfWork;
}

const BAD_LINK = {
  error: "invalid_link",
  message: "This link is not valid. Please use the link in your e-mail.",
};

export async function registerConsultationRoutes(app: FastifyInstance, deps: ConsultationRouteDeps) {
  const { database, clock } = deps;
  const scheduling = new Scheduling(database.db, clock);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const post = {
    config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } },
    onRequest: postChecks({
      types: ["application/json"],
      wrongType: "Send the body as application/json.",
      allowedOrigins: deps.allowedOrigins,
    }),
  };

  /** The meeting as the visitor sees it: the link's token and the invitation only once it stands. */
  const answer = async (m: MeetingView): Promise<BookedMeeting> => {
    const status = meetingStatus(m, clock.now());
    const shown = {
      id: m.leadId,
      status,
      start: m.start,
      end: m.end,
      zone: m.visitorZone,
      service: m.service,
      serviceLabel: m.serviceLabel,
    };
    if (status === "pending") return { ...shown, confirmBy: m.holdUntil! };
    if (status === "expired") return shown;
    const token = signLink(await deps.secret(), m.leadId);
    return {
      ...shown,
      token,
      ics: invitationIcs(m, {
        method: status === "cancelled" ? "CANCEL" : "REQUEST",
        organizer: deps.organizer,
        domain: mailDomain(deps.mailFrom),
        now: clock.now(),
        manageUrl: manageUrl(deps.siteUrl, token),
      }),
    };
  };
  const refuse = (reply: FastifyReply, refusal: Refusal) => {
    const { status, ...body } = refusal;
    return reply.code(status).send(body);
  };
  /** The meeting a signed token names, or the answer already sent (403 changed, 404 erased). */
  const byToken = async (token: string, reply: FastifyReply, purpose: "manage" | "confirm" = "manage") => {
    const leadId = verifyLink(await deps.secret(), token, purpose);
    if (!leadId) return void (await reply.code(403).send(BAD_LINK));
    const meeting = await readMeeting(database.db, leadId);
    if (!meeting) return void (await refuse(reply, NOT_FOUND));
    return meeting;
  };

  r.get(
    CONSULTATION_PATHS.slots,
    {
      config: { rateLimit: { max: deps.rateLimitPerMinute * 6, timeWindow: 60_000 } },
      schema: { querystring: slotsQuerySchema },
    },
    async (req, reply) => {
      const except = req.query.token ? verifyLink(await deps.secret(), req.query.token) : undefined;
      if (req.query.token && !except) return reply.code(403).send(BAD_LINK);
      return scheduling.days(req.query.zone, except);
    },
  );

  const solved = requireChallenge(deps.pow, database.db);
  r.post(
    CONSULTATION_PATHS.book,
    { ...post, schema: { body: bookingSchema }, preHandler: solved },
    async (req, reply) => {
      if (req.body[HONEYPOT_FIELD]) {
        // As the forms: the same kind of answer, the lead kept as spam, no meeting held, nothing sent.
        const id = await storeSpamBooking(database.db, req.body, clock.now());
        req.log.info({ leadId: id, kind: "consultation", spam: true }, "lead stored");
        const settings = await readSettings(database.db);
        const confirm = settings.confirmEmail && deps.canMail;
        const view = spamView(id, req.body, { ...settings, confirmEmail: confirm }, clock.now());
        return reply.code(201).send(await answer(view));
      }
      const client = clientHash(await deps.secret(), clientKey(req.ip));
      const booked = await scheduling.book(req.body, deps.teamChannels, {
        client,
        perClient: deps.upcomingPerClient,
        canMail: deps.canMail,
      });
      if (!("leadId" in booked)) return refuse(reply, booked);
      req.log.info(
        { leadId: booked.leadId, kind: "consultation", spam: false, pending: booked.pending },
        "lead stored",
      );
      deps.onChange?.(booked.leadId);
      return reply.code(201).send(await answer((await readMeeting(database.db, booked.leadId))!));
    },
  );

  r.post(CONSULTATION_PATHS.confirm, { ...post, schema: { body: tokenBodySchema } }, async (req, reply) => {
    const meeting = await byToken(req.body.token, reply, "confirm");
    if (!meeting) return;
    const refusal = await scheduling.confirm(meeting.leadId, deps.teamChannels);
    if (refusal) return refuse(reply, refusal);
    req.log.info({ leadId: meeting.leadId }, "consultation confirmed");
    deps.onChange?.(meeting.leadId);
    return answer((await readMeeting(database.db, meeting.leadId))!);
  });

  r.post(CONSULTATION_PATHS.lookup, { ...post, schema: { body: tokenBodySchema } }, async (req, reply) => {
    const meeting = await byToken(req.body.token, reply);
    return meeting && answer(meeting);
  });

  r.post(
    CONSULTATION_PATHS.reschedule,
    { ...post, schema: { body: rescheduleSchema } },
    async (req, reply) => {
      const meeting = await byToken(req.body.token, reply);
      if (!meeting) return;
      const refusal = await scheduling.reschedule(
        meeting.leadId,
        new Date(req.body.start),
        { visitor: true },
        req.body.zone,
      );
      if (refusal) return refuse(reply, refusal);
      deps.onChange?.(meeting.leadId);
      return answer((await readMeeting(database.db, meeting.leadId))!);
    },
  );

  r.post(CONSULTATION_PATHS.cancel, { ...post, schema: { body: tokenBodySchema } }, async (req, reply) => {
    const meeting = await byToken(req.body.token, reply);
    if (!meeting) return;
    const refusal = await scheduling.cancel(meeting.leadId, { visitor: true });
    if (refusal) return refuse(reply, refusal);
    deps.onChange?.(meeting.leadId);
    return answer((await readMeeting(database.db, meeting.leadId))!);
  });

  for (const url of Object.values(CONSULTATION_PATHS))
    if (url !== CONSULTATION_PATHS.slots) answerOtherMethods(app, url);
}

/** What a bot is shown: a meeting that looks booked, or waiting for its confirmation (none is). */
function spamView(
  id: string,
  b: { name: string; email: string; service: string; start: string; zone: string },
  settings: ConsultationSettings,
  now: Date,
): MeetingView {
  const start = new Date(b.start);
  return {
    leadId: id,
    status: settings.confirmEmail ? "pending" : "confirmed",
    holdUntil: settings.confirmEmail ? holdEnd(now, start).toISOString() : null,
    start: start.toISOString(),
    end: new Date(start.getTime() + settings.slotMinutes * 60_000).toISOString(),
    sequence: 0,
    visitorZone: b.zone,
    bookedAt: new Date().toISOString(),
    releasedStaff: [],
    member: { id: "", name: "our team", email: "no-reply@invalid", zone: "Europe/London" },
    visitor: { name: b.name, email: b.email, phone: null, company: null },
    service: b.service,
    serviceLabel: b.service,
    note: null,
  };
}
