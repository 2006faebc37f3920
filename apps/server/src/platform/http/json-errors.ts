// How the API listeners (the services and the desk) answer errors: JSON, with a name for each 4xx, and
// a 500 that hides its details.
import type { ValidationErrorBody } from "@site/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

const ERROR_NAMES: Record<number, string> = {
  400: "bad_request",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/**
 * A body its schema refused, answered as the services always have: 400 with
 * `{ error: "validation_failed", fields: { field: [messages] } }`, the field being the first
 * segment of the issue's path ("_" for the body as a whole), in the order zod reported them.
 */
function validationFailure(err: unknown): ValidationErrorBody | undefined {
  if (!hasZodFastifySchemaValidationErrors(err)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const issue of err.validation) {
    const field = issue.instancePath.split("/")[1] || "_";
    // zod gives every issue a message; Fastify's type merely allows none.
    (fields[field] ??= []).push(issue.message ?? "Invalid input.");
  }
  return { error: "validation_failed", fields };
}

/**
 * JSON errors for the API roles: 400 with field errors (and `validationMessage` when given), named
 * 4xx, a 500 that hides its details.
 */
export function setJsonErrorHandlers(app: FastifyInstance, opts: { validationMessage?: string } = {}) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const invalid = validationFailure(err);
    if (invalid) {
      const { validationMessage: message } = opts;
      return reply.code(400).send(message === undefined ? invalid : { ...invalid, message });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: { type: err.name, code: err.code, message: err.message } }, "request failed");
      return reply.code(500).send({ error: "internal_error", message: "Something went wrong on our side." });
    }
    const error =
      err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
        ? "invalid_json"
        : (ERROR_NAMES[status] ?? "bad_request");
    const message =
      status === 429
        ? "Too many requests. Please try again later."
        : error === "invalid_json"
          ? "The body is not valid JSON."
          : err.message;
    return reply.code(status).send({ error, message });
  });
}
