import { DESK_API_PREFIX } from "@site/contracts/desk";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseTarget } from "../platform/static/request-path";
import { sendFile } from "../platform/static/send-file";
import type { DeskBuild } from "./desk-build";

/**
 * The single-page app: a build file by its path, else (a path without a file extension) index.html,
 * where the desk's router takes over. Unknown files and unknown API paths answer 404.
 */
export function registerSpa(app: FastifyInstance, build: DeskBuild | { missing: string }) {
  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const target = parseTarget(request.raw.url ?? "/");
    if (!target.ok) return reply.code(400).type("text/plain; charset=utf-8").send("Bad Request\n");
    const { path } = target;
    if (path.startsWith(DESK_API_PREFIX)) {
      return reply.code(404).send({ error: "not_found", message: `No route for ${request.method} ${path}.` });
    }
    if ("missing" in build) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send(`The desk is not built: ${build.missing}\n`);
    }
    const file = build.byPath.get(path);
    if (file && file !== build.index) return sendFile(request, reply, file);
    if (/\.[a-z0-9]+$/i.test(path) && !file) {
      return reply.code(404).type("text/plain; charset=utf-8").send("Not Found\n");
    }
    return sendFile(request, reply, build.index);
  };
  app.route({ method: ["GET", "HEAD"], url: "/*", exposeHeadRoute: false, handler: serve });
}
