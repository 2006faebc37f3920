import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import { registerSite, siteFrameworkErrors } from "./site/register";

export type Role = "site" | "contact" | "quotation";

export interface AppDeps {
  config: Config;
  // The leads roles add their dependencies here (database, clock, …).
}

/** Builds one role's Fastify app without listening, so tests can use app.inject(). */
export async function buildApp(role: Role, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.LOG_LEVEL },
    trustProxy: deps.config.TRUST_PROXY,
    ...(role === "site" ? { frameworkErrors: siteFrameworkErrors } : {}),
  });
  if (role === "site") await registerSite(app, deps.config);
  return app;
}
