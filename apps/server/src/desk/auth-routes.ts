import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  ceremonyOptionsSchema,
  deskErrorSchema,
  DESK_SESSION_COOKIE,
  enrolOptionsRequestSchema,
  enrolVerifyRequestSchema,
  sessionProbeSchema,
  signedInSchema,
  signInOptionsRequestSchema,
  signInVerifyRequestSchema,
  type Staff,
} from "@site/contracts/desk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../records/database";
import type { Clock } from "../platform/clock";
import { staffOf } from "../records/staff/guard";
import {
  CeremonyError,
  enrolmentOptions,
  finishEnrolment,
  finishSignIn,
  type RelyingParty,
  signInOptions,
} from "./passkeys";
import { SESSION_ABSOLUTE_MS, type SessionStore } from "../records/staff/session-store";

export interface AuthRouteDeps {
  database: Database;
  clock: Clock;
  sessions: SessionStore;
  rp: RelyingParty;
  /** Ceremonies per client address per minute. */
  rateLimitPerMinute: number;
}

/** Sign-in, enrolment, the session probe and sign-out. */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { database, clock, sessions, rp } = deps;
  const db = database.db;
  const secure = rp.origin.startsWith("https:");
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } };

  async function signIn(reply: FastifyReply, staff: Staff) {
    const { token } = await sessions.create(staff.id);
    reply.setCookie(DESK_SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      secure,
      path: "/",
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
    return { staff };
  }

  // A refusal the person can act on is a 400 with its code; anything else is the handler's 500.
  async function ceremony<T>(reply: FastifyReply, run: () => Promise<T>) {
    try {
      return await run();
    } catch (err) {
      if (err instanceof CeremonyError)
        return reply.code(400).send({ error: err.code, message: err.message });
      throw err;
    }
  }

  r.get("/api/session", { schema: { response: { 200: sessionProbeSchema } } }, async (request) => ({
    staff: request.staff,
  }));

  r.post(
    "/api/enrol/options",
    {
      config: limited,
      schema: {
        body: enrolOptionsRequestSchema,
        response: { 200: ceremonyOptionsSchema, 400: deskErrorSchema },
      },
    },
    async (request, reply) =>
      ceremony(reply, async () => ({
        options: { ...(await enrolmentOptions(db, rp, request.body.token, clock.now())) },
      })),
  );

  r.post(
    "/api/enrol/verify",
    {
      config: limited,
      schema: { body: enrolVerifyRequestSchema, response: { 200: signedInSchema, 400: deskErrorSchema } },
    },
    async (request, reply) =>
      ceremony(reply, async () => {
        const { token, response } = request.body;
        const staff = await finishEnrolment(
          db,
          rp,
          token,
          response as unknown as RegistrationResponseJSON,
          clock.now(),
        );
        return signIn(reply, staff);
      }),
  );

  r.post(
    "/api/sign-in/options",
    {
      config: limited,
      schema: { body: signInOptionsRequestSchema, response: { 200: ceremonyOptionsSchema } },
    },
    async (request) => ({ options: { ...(await signInOptions(db, rp, request.body.email, clock.now())) } }),
  );

  r.post(
    "/api/sign-in/verify",
    {
      config: limited,
      schema: { body: signInVerifyRequestSchema, response: { 200: signedInSchema, 400: deskErrorSchema } },
    },
    async (request, reply) =>
      ceremony(reply, async () => {
        const response = request.body.response as unknown as AuthenticationResponseJSON;
        return signIn(reply, await finishSignIn(db, rp, response, clock.now()));
      }),
  );

  r.post("/api/sign-out", async (request, reply) => {
    staffOf(request);
    const token = request.cookies[DESK_SESSION_COOKIE];
    if (token) await sessions.end(token);
    reply.clearCookie(DESK_SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "strict", secure });
    return reply.code(204).send();
  });
}
