import {
  contactSchema,
  fieldErrors,
  HONEYPOT_FIELD,
  type LeadKind,
  quotationSchema,
  type ValidationErrorBody,
} from "@site/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createHash } from "node:crypto";
import type { Database } from "../db/database";
import type { Clock } from "./clock";
import { createLead, type NewLead } from "./repository";

export const BODY_LIMIT_BYTES = 16 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export interface LeadRouteDeps {
  database: Database;
  clock: Clock;
  rateLimitPerMinute: number;
  allowedOrigins: readonly string[];
  /** Called after a lead (not spam) is committed: wakes the outbox worker. */
  onLeadStored?: (id: string) => void;
}

/** application/json, optionally with a UTF-8 charset; anything else is refused before parsing. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type, ...params] = header.split(";").map((p) => p.trim().toLowerCase());
  if (type !== "application/json") return false;
  return params.every((p) => {
    const [k, v] = p.split("=").map((s) => s?.trim().replace(/^"|"$/g, ""));
    return k !== "charset" || v === "utf-8" || v === "utf8";
  });
}

function toNewLead(
  kind: LeadKind,
  body: unknown,
): { lead: NewLead; hashInput: string } | ValidationErrorBody {
  const parsed = (kind === "contact" ? contactSchema : quotationSchema).safeParse(body);
  if (!parsed.success) return { error: "validation_failed", fields: fieldErrors(parsed.error) };
  const data = parsed.data as Record<string, string | undefined>;
  const honeypot = data[HONEYPOT_FIELD];
  const lead: NewLead = {
    kind,
    name: data.name!,
    email: data.email!,
    phone: data.phone!,
    company: data.company,
    service: data.service,
    message: data.message,
    details: data.details,
    isSpam: typeof honeypot === "string" && honeypot.trim() !== "",
  };
  return { lead, hashInput: JSON.stringify(parsed.data) };
}

export async function registerLeadRoutes(app: FastifyInstance, kind: LeadKind, deps: LeadRouteDeps) {
  const url = `/${kind}`;

  app.route({
    method: "POST",
    url,
    bodyLimit: BODY_LIMIT_BYTES,
    config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } },
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      if (!isJsonContentType(req.headers["content-type"])) {
        return reply.code(415).send({
          error: "unsupported_media_type",
          message: "Send the body as application/json.",
        });
      }
      const origin = req.headers.origin;
      if (origin !== undefined && !deps.allowedOrigins.includes(origin)) {
        return reply
          .code(403)
          .send({ error: "origin_not_allowed", message: "This origin may not post here." });
      }
    },
    handler: async (req, reply) => {
      const keyHeader = req.headers["idempotency-key"];
      if (keyHeader !== undefined && (typeof keyHeader !== "string" || !IDEMPOTENCY_KEY.test(keyHeader))) {
        return reply.code(400).send({
          error: "invalid_idempotency_key",
          message: "Idempotency-Key must be 1 to 200 printable ASCII characters.",
        });
      }
      const result = toNewLead(kind, req.body);
      if ("error" in result) return reply.code(400).send(result);

      const idem =
        keyHeader === undefined
          ? undefined
          : { key: keyHeader, requestHash: createHash("sha256").update(result.hashInput).digest("hex") };
      const stored = await createLead(deps.database.db, result.lead, deps.clock.now(), idem);
      if (stored.outcome === "key_reused") {
        return reply.code(422).send({
          error: "idempotency_key_reused",
          message: "This Idempotency-Key was already used with a different request.",
        });
      }
      if (stored.outcome === "replay") {
        const leadId = (stored.body as { id?: unknown } | null)?.id;
        req.log.info({ leadId, kind, replay: true }, "idempotent replay");
        return reply.code(stored.status).header("idempotent-replayed", "true").send(stored.body);
      }
      req.log.info({ leadId: stored.id, kind, spam: result.lead.isSpam }, "lead stored");
      if (!result.lead.isSpam) deps.onLeadStored?.(stored.id);
      return reply.code(201).send(stored.body);
    },
  });

  // A known path with a method it does not take: 405 with Allow, not a bare 404.
  app.route({
    method: ["GET", "PUT", "DELETE", "PATCH"],
    url,
    handler: async (_req, reply) =>
      reply
        .code(405)
        .header("allow", "POST, OPTIONS")
        .send({
          error: "method_not_allowed",
          message: `Use POST ${url}.`,
        }),
  });
}
