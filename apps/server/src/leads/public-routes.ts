import {
  CHALLENGE_FIELD,
  type Contact,
  HONEYPOT_FIELD,
  type LeadKind,
  leadSchemas,
  type Quotation,
} from "@site/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createHash } from "node:crypto";
import type { Database } from "../records/database";
import type { Channel } from "../platform/db/schema";
import type { ProofOfWork } from "../platform/challenge/proof-of-work";
import type { Clock } from "../platform/clock";
import type { NewLead } from "../records/intake/store-leads";
import { answerOtherMethods, postChecks } from "../platform/http/post-rules";

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export interface LeadRouteDeps {
  database: Database;
  clock: Clock;
  rateLimitPerMinute: number;
  allowedOrigins: readonly string[];
  /** The channels each lead (not spam) is delivered to. */
  channels: readonly Channel[];
  /** Called after a lead (not spam) is committed: wakes the outbox worker. */
  onLeadStored?: (id: string) => void;
  /** Checks the body's proof-of-work solution; a lead without a good one is stored as unverified. */
  pow: ProofOfWork;
}

/**
 * A validated body as the lead to store, and the rest: a filled honeypot (validated as `true`) marks
 * it as spam; the proof-of-work solution is not part of the lead (nor of its idempotency fingerprint).
 */
function toNewLead(kind: LeadKind, body: Contact | Quotation) {
  const { [HONEYPOT_FIELD]: filled, [CHALLENGE_FIELD]: solution, ...fields } = body;
  const lead: NewLead = { kind, ...fields, isSpam: filled };
  return { lead, solution, content: { ...fields, [HONEYPOT_FIELD]: filled } };
}

export async function registerFormRoutes(app: FastifyInstance, kind: LeadKind, deps: LeadRouteDeps) {
  const url = `/${kind}`;

  app.withTypeProvider<ZodTypeProvider>().route({
    method: "POST",
    url,
    config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } },
    // Validated by the schema after preValidation; a refusal goes to the error handler.
    schema: { body: leadSchemas[kind] },
    // application/json only (a UTF-8 charset at most), from an allowed origin.
    onRequest: postChecks({
      types: ["application/json"],
      wrongType: "Send the body as application/json.",
      allowedOrigins: deps.allowedOrigins,
    }),
    // A malformed key is answered before the body is looked at.
    preValidation: async (req, reply) => {
      const key = req.headers["idempotency-key"];
      if (key !== undefined && (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key))) {
        return reply.code(400).send({
          error: "invalid_idempotency_key",
          message: "Idempotency-Key must be 1 to 200 printable ASCII characters.",
        });
      }
    },
    handler: async (req, reply) => {
      const key = req.headers["idempotency-key"];
      const { lead, solution, content } = toNewLead(kind, req.body);
      // The key is bound to the validated body (trimmed, unknown fields dropped), not to its bytes,
      // nor to the solution: a retry solves a new challenge and is still the same request.
      const idem =
        typeof key === "string"
          ? { key, requestHash: createHash("sha256").update(JSON.stringify(content)).digest("hex") }
          : undefined;
      const channels = lead.isSpam ? [] : deps.channels;
      // A good solution is spent with the lead (one transaction); without one the lead is unverified.
      const proof = await deps.pow.check(solution);
      const challenge = proof.ok ? { id: proof.id, expiresAt: proof.expiresAt } : undefined;
      const now = deps.clock.now();
      const stored = await deps.database.writeLead({ lead, now, idem, channels, challenge });
      if (stored.outcome === "key_reused") {
        return reply.code(422).send({
          error: "idempotency_key_reused",
          message: "This Idempotency-Key was already used with a different request.",
        });
      }
      if (stored.outcome === "replay") {
        req.log.info({ leadId: stored.body.id, kind, replay: true }, "idempotent replay");
        return reply.code(stored.status).header("idempotent-replayed", "true").send(stored.body);
      }
      req.log.info(
        { leadId: stored.id, kind, spam: lead.isSpam, unverified: stored.unverified },
        "lead stored",
      );
      if (!lead.isSpam) deps.onLeadStored?.(stored.id);
      return reply.code(201).send(stored.body);
    },
  });

  answerOtherMethods(app, url);
}
