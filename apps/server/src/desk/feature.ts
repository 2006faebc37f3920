// The desk's door, on its own listener: the staff's single-page app and its headers, sign-in and
// enrolment with passkeys, sessions, and the guard every desk API route is behind. The desk's screens
// are their domains' (leads/, privacy/, consultations/, site-speed/, publishing/, chat/): they join
// this listener after the door (features.ts), behind its guard.
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Feature } from "../records/feature";
import { registerGuard } from "../records/staff/guard";
import { SessionStore } from "../records/staff/session-store";
import { registerAuthRoutes } from "./auth-routes";
import { loadDeskBuild } from "./desk-build";
import { relyingParty } from "./passkeys";
import { addDeskSecurityHeaders } from "./security-headers";
import { registerSpa } from "./spa";

export const deskFeature: Feature = {
  roles: ["desk"],
  async register(app, { config, database, clock }) {
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

    // First, so that every route added after it (the other features') is behind it.
    const sessions = new SessionStore(database.db, clock);
    registerGuard(app, { sessions, deskOrigin: config.DESK_URL });
    registerAuthRoutes(app, {
      database,
      clock,
      sessions,
      rp: relyingParty(config.DESK_URL),
      rateLimitPerMinute: config.DESK_RATE_LIMIT_PER_MINUTE,
    });
    registerSpa(app, build);
  },
};
