import cors from "@fastify/cors";
import type { LeadKind } from "@site/contracts";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./platform/config/config";
import { configuredChannels } from "./records/outbox/channels";
import { organizerOf } from "./consultations/invitation";
import { linkSecretOnce } from "./consultations/link-token";
import { registerConsultationRoutes } from "./consultations/public-routes";
import {
  clientErrorHandling,
  closeConnectionsWhenClosing,
  connectionOptions,
} from "./platform/http/connections";
import type { Database } from "./records/database";
import { type Clock, systemClock } from "./platform/clock";
import { purgeExpiredIdempotencyKeys } from "./records/intake/lead-batch";
import { BODY_LIMIT_BYTES, registerLeadRoutes, validationFailure } from "./leads/public-routes";
import { registerDesk } from "./desk/feature";
import { type RateLimitBackend, registerRateLimit } from "./platform/http/rate-limit";
import { registerSite, siteFrameworkErrors } from "./site/feature";
import { registerVitalsRoute } from "./site-speed/public-routes";
import type { SiteBuilder } from "./publishing/site-builder";
import { type BusLogger, type ChatBus, localChatBus, redisChatBus } from "./chat/chat-bus";
import { registerChatDeskRoutes } from "./chat/desk-routes";
import { registerChatPublicRoutes } from "./chat/public-routes";
import { StreamRegistry } from "./chat/chat-stream";

export type Role = "site" | "contact" | "quotation" | "desk";

export interface AppDeps {
  config: Config;
  /** Required by the contact, quotation and desk roles (one Database may serve them all). */
  database?: Database;
  /** Time source for stored timestamps and idempotency expiry (tests move it). */
  clock?: Clock;
  /** Where pino writes its JSON lines (tests capture them; a terminal gets pretty lines); default stdout. */
  logStream?: { write(line: string): void };
  /** The process's rate-limit backend, shared by its lead services (main.ts); unset: the app's own. */
  rateLimit?: RateLimitBackend;
  /** Called after a lead is committed (wakes the outbox worker). */
  onLeadStored?: (id: string) => void;
  /** Sees every route as it is added: the route table (the desk's route-table test reads it). */
  onRoute?: (route: RouteOptions) => void;
  /** The desk role: how a publish builds the site (default: the real `react-router build`). */
  siteBuilder?: SiteBuilder;
  /**
   * Live chat's event bus (LIVE_CHAT=on), shared by the roles of one process; default: one of the
   * app's own (through Redis with REDIS_URL), closed with it.
   */
  chatBus?: ChatBus;
}

/** The bus a process's chat roles share: Redis pub/sub with REDIS_URL, else this process alone. */
export function createChatBus(config: Config, log: BusLogger): ChatBus {
  return config.REDIS_URL ? redisChatBus(config.REDIS_URL, log) : localChatBus();
}

/** Live chat's routes for `role` (LIVE_CHAT=on), with a registry that ends the open streams on close. */
async function registerChat(
  app: FastifyInstance,
  role: "contact" | "desk",
  deps: AppDeps & { database: Database },
) {
  const { config } = deps;
  let bus = deps.chatBus;
  if (!bus) {
    const own = (bus = createChatBus(config, app.log));
    app.addHook("onClose", () => own.close());
  }
  const registry = new StreamRegistry();
  // A stream never ends by itself: end them all when the server closes, or shutdown would wait for them.
  app.addHook("preClose", async () => registry.closeAll());
  const clock = deps.clock ?? systemClock;
  if (role === "desk") {
    await registerChatDeskRoutes(app, {
      database: deps.database,
      clock,
      bus,
      registry,
      replyMailAfterMs: config.CHAT_REPLY_MAIL_AFTER_MS,
    });
    return;
  }
  if (!config.REDIS_URL) {
    app.log.info(
      "live chat served by this process alone (REDIS_URL is not set): run one instance, or set REDIS_URL",
    );
  }
  await registerChatPublicRoutes(app, {
    database: deps.database,
    clock,
    bus,
    registry,
    allowedOrigins: config.ALLOWED_ORIGINS,
    channels: configuredChannels(config),
    conversationsPerHour: config.CHAT_CONVERSATIONS_PER_HOUR,
    messagesPerMinute: config.CHAT_MESSAGES_PER_MINUTE,
    onLeadStored: deps.onLeadStored,
  });
}

const ERROR_NAMES: Record<number, string> = {
  400: "bad_request",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/** Logs never carry bodies or query strings: a request is its method, path and id. */
const serializers: NonNullable<Exclude<FastifyServerOptions["logger"], boolean | undefined>>["serializers"] =
  {
    req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split("?")[0] }),
    res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  };

/** Builds one role's Fastify app without listening, so tests can use app.inject(). */
export async function buildApp(role: Role, deps: AppDeps): Promise<FastifyInstance> {
  const isLeadRole = role === "contact" || role === "quotation";
  const clientErrors = clientErrorHandling();
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      serializers,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    ...connectionOptions(deps.config),
    clientErrorHandler: clientErrors.handler,
    ...(role === "site" ? { frameworkErrors: siteFrameworkErrors } : {}),
    // A `__proto__` (or `constructor.prototype`) key is valid JSON and, like any unknown field, is
    // dropped rather than refused; it never reaches an object's prototype.
    ...(isLeadRole
      ? { bodyLimit: BODY_LIMIT_BYTES, onProtoPoisoning: "remove", onConstructorPoisoning: "remove" }
      : {}),
  });
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);
  app.server.on("request", clientErrors.track);
  closeConnectionsWhenClosing(app);
  if (role === "site") await registerSite(app, deps.config);
  if (isLeadRole) await registerLeadRole(app, role, deps);
  if (role === "desk") {
    if (!deps.database) throw new Error("the desk role needs a database");
    // The desk's routes declare { error, message } for a 400: a refused body carries a message too.
    setJsonErrorHandlers(app, { validationMessage: "Some fields are not valid." });
    await registerDesk(app, {
      config: deps.config,
      database: deps.database,
      clock: deps.clock ?? systemClock,
      siteBuilder: deps.siteBuilder,
      onChange: deps.onLeadStored,
    });
    if (deps.config.LIVE_CHAT === "on") await registerChat(app, "desk", { ...deps, database: deps.database });
  }
  return app;
}

/**
 * JSON errors for the API roles: 400 with field errors (and `validationMessage` when given), named
 * 4xx, a 500 that hides its details.
 */
function setJsonErrorHandlers(app: FastifyInstance, opts: { validationMessage?: string } = {}) {
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

async function registerLeadRole(app: FastifyInstance, kind: LeadKind, deps: AppDeps) {
  const { config } = deps;
  const database = deps.database;
  if (!database) throw new Error(`the ${kind} role needs a database`);
  const clock = deps.clock ?? systemClock;

  // Only JSON is parsed; text/plain (Fastify's other default) is refused as 415.
  app.removeContentTypeParser("text/plain");
  // Route bodies are validated by their zod schema; a refused body reaches the error handler.
  app.setValidatorCompiler(validatorCompiler);

  setJsonErrorHandlers(app);
  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      .send({ error: "not_found", message: `No route for ${req.method} ${req.url.split("?")[0]}.` }),
  );
  app.addHook("onSend", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    reply.header("x-content-type-options", "nosniff");
  });

  // @fastify/cors answers an OPTIONS without Origin or Access-Control-Request-Method (not a preflight)
  // with a plain-text 400; answer it here first, in JSON like every other error.
  app.addHook("onRequest", async (req, reply) => {
    if (req.method === "OPTIONS" && (!req.headers.origin || !req.headers["access-control-request-method"])) {
      return reply.code(400).send({
        error: "bad_request",
        message: "A CORS preflight needs Origin and Access-Control-Request-Method headers.",
      });
    }
  });
  await app.register(cors, {
    origin: config.ALLOWED_ORIGINS,
    methods: ["POST"],
    allowedHeaders: ["Content-Type", "Idempotency-Key"],
    credentials: false,
    maxAge: 600,
  });
  const rateLimitState = await registerRateLimit(app, config, deps.rateLimit);

  app.get("/healthz", async () => ({ status: "ok" }));
  // Ready while the database answers. A rate limit without Redis is reported, not failed: every
  // instance shares the one Redis, so a 503 would take them all out of the balancer at once.
  app.get("/readyz", async (req, reply) => {
    const [db, rateLimit] = await Promise.all([
      database.ping().then(
        () => undefined,
        (err: unknown) => err,
      ),
      rateLimitState(),
    ]);
    if (db === undefined) return { status: "ok", rateLimit };
    req.log.warn({ err: db instanceof Error ? db.message : String(db) }, "database not reachable");
    return reply.code(503).send({ status: "unavailable", rateLimit });
  });

  await registerLeadRoutes(app, kind, {
    database,
    clock,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    allowedOrigins: config.ALLOWED_ORIGINS,
    channels: configuredChannels(config),
    onLeadStored: deps.onLeadStored,
  });
  // The site's real-user speed beacons and consultation bookings go to the contact service (17, 26).
  if (kind === "contact") {
    await registerConsultationRoutes(app, {
      database,
      clock,
      secret: linkSecretOnce(database.db, config.CONSULTATION_LINK_SECRET, clock),
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      allowedOrigins: config.ALLOWED_ORIGINS,
      teamChannels: configuredChannels(config),
      organizer: organizerOf(config.MAIL_FROM, config.NOTIFY_TO),
      mailFrom: config.MAIL_FROM,
      siteUrl: config.siteOrigin,
      onChange: deps.onLeadStored,
    });
    await registerVitalsRoute(app, {
      database,
      clock,
      rateLimitPerMinute: config.VITALS_RATE_LIMIT_PER_MINUTE,
      allowedOrigins: config.ALLOWED_ORIGINS,
    });
    if (config.LIVE_CHAT === "on") await registerChat(app, "contact", { ...deps, database });
  }

  // Idempotency keys older than 24 h are no longer honoured; drop them hourly.
  let purge: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    purge = setInterval(() => {
      purgeExpiredIdempotencyKeys(database.db, clock.now()).catch(() => {});
    }, 60 * 60_000);
    purge.unref();
  });
  app.addHook("onClose", async () => clearInterval(purge));
}
