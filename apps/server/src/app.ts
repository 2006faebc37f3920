// One listener's app (a role): its server options and plumbing, then every feature that joins that
// role, in the order of the list (features.ts). No listen(): main.ts starts and stops; tests inject.
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import { type AppContext, FEATURES } from "./features";
import { type Clock, systemClock } from "./platform/clock";
import type { Config, Role } from "./platform/config/config";
import {
  clientErrorHandling,
  closeConnectionsWhenClosing,
  connectionOptions,
} from "./platform/http/connections";
import { proofOfWorkFor } from "./platform/challenge/proof-of-work";
import { setJsonErrorHandlers } from "./platform/http/json-errors";
import { bodyLimitHook } from "./platform/http/body-limit";
import { BODY_LIMIT_BYTES, registerJsonService } from "./platform/http/json-service";
import type { RateLimitBackend } from "./platform/http/rate-limit";
import type { ChatBus } from "./chat/chat-bus";
import type { SiteBuilder } from "./publishing/site-builder";
import type { Database } from "./records/database";
import { siteFrameworkErrors } from "./site/feature";

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
  /** Called after leads are deleted (erasure, purge): ends live chat's streams of them (process.ts). */
  onLeadsErased?: (ids: readonly string[]) => void;
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

/** Logs never carry bodies or query strings: a request is its method, path and id. */
const serializers: NonNullable<Exclude<FastifyServerOptions["logger"], boolean | undefined>>["serializers"] =
  {
    req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split("?")[0] }),
    res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  };

/** What the role's features are handed; its database is read only by a role that needs one. */
function contextOf(role: Role, deps: AppDeps): AppContext & { role: Role } {
  const { database } = deps;
  return {
    ...deps,
    role,
    clock: deps.clock ?? systemClock,
    get database(): Database {
      if (!database) throw new Error(`the ${role} role needs a database`);
      return database;
    },
  };
}

/** Builds one role's Fastify app without listening, so tests can use app.inject(). */
export async function buildApp(role: Role, deps: AppDeps): Promise<FastifyInstance> {
  const isService = role === "contact" || role === "quotation";
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
    ...(isService
      ? { bodyLimit: BODY_LIMIT_BYTES, onProtoPoisoning: "remove", onConstructorPoisoning: "remove" }
      : {}),
  });
  // Every route with a body schema takes the largest body its contract allows (body-limit.ts).
  app.addHook("onRoute", bodyLimitHook);
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);
  app.server.on("request", clientErrors.track);
  closeConnectionsWhenClosing(app);
  const context = contextOf(role, deps);
  if (isService) {
    const { database } = context;
    await registerJsonService(app, {
      config: deps.config,
      rateLimit: deps.rateLimit,
      ping: () => database.ping(),
      challenge: { pow: proofOfWorkFor(database.db, deps.config), db: database.db },
    });
  }
  // The desk's routes declare { error, message } for a 400: a refused body carries a message too.
  if (role === "desk") setJsonErrorHandlers(app, { validationMessage: "Some fields are not valid." });
  for (const feature of FEATURES) if (feature.roles.includes(role)) await feature.register(app, context);
  return app;
}
