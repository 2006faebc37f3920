// What the contact and quotation services' POST routes (leads, speed beacons) share: which bodies they
// take, whose origin they answer, and the 405 of the other methods.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Whether a Content-Type header names one of `types` (lower-case), with no charset or a UTF-8 one;
 * anything else is refused before the body is parsed.
 */
function mediaTypeIs(header: string | undefined, types: readonly string[]): boolean {
  if (!header) return false;
  const [type, ...params] = header.split(";").map((p) => p.trim().toLowerCase());
  if (!types.includes(type!)) return false;
  return params.every((p) => {
    const [k, v] = p.split("=").map((s) => s?.trim().replace(/^"|"$/g, ""));
    return k !== "charset" || v === "utf-8" || v === "utf8";
  });
}

/**
 * An onRequest check: 415 with `wrongType` for another body type, 403 for an Origin that is not
 * allowed; a request without Origin (not a browser's) passes.
 */
export function postChecks(opts: {
  types: readonly string[];
  wrongType: string;
  allowedOrigins: readonly string[];
}) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!mediaTypeIs(req.headers["content-type"], opts.types)) {
      return reply.code(415).send({ error: "unsupported_media_type", message: opts.wrongType });
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !opts.allowedOrigins.includes(origin)) {
      return reply.code(403).send({ error: "origin_not_allowed", message: "This origin may not post here." });
    }
  };
}

/** A known path with a method it does not take: 405 with Allow, not a bare 404. */
export function answerOtherMethods(app: FastifyInstance, url: string) {
  app.route({
    method: ["GET", "PUT", "DELETE", "PATCH"],
    url,
    handler: async (_req, reply) =>
      reply
        .code(405)
        .header("allow", "POST, OPTIONS")
        .send({ error: "method_not_allowed", message: `Use POST ${url}.` }),
  });
}
