import { contentStateSchema, publishAnswerSchema, restoreRequestSchema } from "@site/content/desk-api";
import { deskErrorSchema } from "@site/contracts/desk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { staffActor } from "../records/audit";
import { staffOf } from "../records/staff/guard";
import { type Actor, PublishRefused, type Publisher } from "./publisher";

const STATUS: Record<PublishRefused["code"], 404 | 409 | 422> = {
  nothing_to_publish: 409,
  unpublished_changes: 409,
  already_current: 409,
  unknown_commit: 404,
  author_name_refused: 422,
};

function refused(reply: FastifyReply, err: unknown) {
  if (!(err instanceof PublishRefused)) throw err;
  return reply.code(STATUS[err.code]).send({ error: err.code, message: err.message });
}

/**
 * The Content screen's API (private, like every desk route): the state (unpublished changes,
 * building, live, failed, history), Publish, and Restore of an earlier version.
 */
export function registerContentRoutes(app: FastifyInstance, deps: { publisher: Publisher }) {
  const { publisher } = deps;
  const actorOf = (req: Parameters<typeof staffOf>[0]): Actor => {
    const staff = staffOf(req);
    return {
      staffId: staff.id,
      name: staff.name,
      email: staff.email,
      audit: staffActor(staff),
    };
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get("/api/content", { schema: { response: { 200: contentStateSchema } } }, () => publisher.state());

  typed.post(
    "/api/content/publish",
    { schema: { response: { 202: publishAnswerSchema, 409: deskErrorSchema, 422: deskErrorSchema } } },
    async (req, reply) => {
      try {
        return reply.code(202).send({ publish: await publisher.publish(actorOf(req)) });
      } catch (err) {
        return refused(reply, err);
      }
    },
  );

  typed.post(
    "/api/content/restore",
    {
      schema: {
        body: restoreRequestSchema,
        response: {
          202: publishAnswerSchema,
          404: deskErrorSchema,
          409: deskErrorSchema,
          422: deskErrorSchema,
        },
      },
    },
    async (req, reply) => {
      try {
        return reply.code(202).send({ publish: await publisher.restore(actorOf(req), req.body.commit) });
      } catch (err) {
        return refused(reply, err);
      }
    },
  );
}
