import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { keystaticConfig } from "@site/content/editor";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checkEditorUpdate } from "./editor-update";

/** Uploads are at most 2 MB each, base64-encoded in a JSON body: room for a few in one save. */
const UPDATE_BODY_LIMIT = 12 * 1024 * 1024;

/**
 * The content editor's API: Keystatic's generic handler in local mode, on the content folder, under
 * the desk's /api/ (so the desk's guard applies: a session, and the desk's Origin for a save). A save
 * is checked first (checkEditorUpdate) and refused with a message the editor shows.
 */
export function registerEditorRoutes(app: FastifyInstance, deps: { contentDir: string }) {
  const handle = makeGenericAPIRouteHandler({
    config: keystaticConfig(),
    localBaseDirectory: deps.contentDir,
  });

  async function forward(request: FastifyRequest, reply: FastifyReply, body?: string) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const answer = await handle(
      new Request(new URL(request.url, "http://desk.invalid"), { method: request.method, headers, body }),
    );
    reply.code(answer.status ?? 200);
    new Headers(answer.headers).forEach((value, name) => reply.header(name, value));
    if (answer.body === null || answer.body === undefined) return reply.send("");
    return reply.send(typeof answer.body === "string" ? answer.body : Buffer.from(answer.body));
  }

  app.get("/api/keystatic/*", (request, reply) => forward(request, reply));
  app.post("/api/keystatic/*", { bodyLimit: UPDATE_BODY_LIMIT }, (request, reply) => {
    const check = checkEditorUpdate(deps.contentDir, request.body);
    if (!check.ok) return reply.code(check.status).type("text/plain; charset=utf-8").send(check.message);
    return forward(request, reply, JSON.stringify(request.body));
  });
}
