import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "../platform/config/config";
import { configuredChannels } from "../records/outbox/channels";
import { registerConsultationDeskRoutes } from "../consultations/desk-routes";
import type { Database } from "../records/database";
import type { Clock } from "../platform/clock";
import { registerAuthRoutes } from "./auth-routes";
import { loadDeskBuild } from "./desk-build";
import { registerGuard } from "../records/staff/guard";
import { registerLeadActionRoutes } from "../leads/desk-action-routes";
import { registerLeadRoutes } from "../leads/desk-routes";
import { relyingParty } from "./passkeys";
import { addDeskSecurityHeaders } from "./security-headers";
import { SessionStore } from "../records/staff/session-store";
import { registerSiteSpeedRoutes } from "../site-speed/desk-routes";
import { registerContent } from "../publishing/feature";
import type { SiteBuilder } from "../publishing/site-builder";
import { registerSpa } from "./spa";
import { registerErasureRoutes } from "../privacy/desk-routes";

/** The desk role: the staff's single-page app and its private JSON API on DESK_URL's origin. */
export async function registerDesk(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    siteBuilder?: SiteBuilder | undefined;
    onChange?: ((leadId: string) => void) | undefined;
  },
) {
  const { config, database, clock } = deps;
  const build = await loadDeskBuild(config.DESK_BUILD_DIR);
  if ("missing" in build) app.log.warn(`desk pages unavailable: ${build.missing}`);
  const none = "default-src 'none'; frame-ancestors 'none'";
  addDeskSecurityHeaders(
    app,
    "missing" in build
      ? { desk: none, editor: none }
      : { desk: build.contentSecurityPolicy, editor: build.editorContentSecurityPolicy },
  );

  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });

  const sessions = new SessionStore(database.db, clock);
  registerGuard(app, { sessions, deskOrigin: config.DESK_URL });
  registerAuthRoutes(app, {
    database,
    clock,
    sessions,
    rp: relyingParty(config.DESK_URL),
    rateLimitPerMinute: config.DESK_RATE_LIMIT_PER_MINUTE,
  });
  registerLeadRoutes(app, { database, clock });
  registerLeadActionRoutes(app, { database, clock, channels: configuredChannels(config) });
  registerErasureRoutes(app, { database, clock });
  registerSiteSpeedRoutes(app, { database, clock });
  registerConsultationDeskRoutes(app, { database, clock, onChange: deps.onChange });
  registerContent(app, { config, database, clock, siteBuilder: deps.siteBuilder });
  registerSpa(app, build);
}
