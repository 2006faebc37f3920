// Site speed: the site's speed beacons (POST /vitals on the contact listener, counted into daily
// histograms) and the desk's "Site speed" screen. Their purge is privacy's (site-speed-purge.ts).
import type { Feature } from "../records/feature";
import { registerSiteSpeedRoutes } from "./desk-routes";
import { registerVitalsRoute } from "./public-routes";

export const siteSpeedFeature: Feature = {
  roles: ["contact", "desk"],
  async register(app, { role, config, database, clock }) {
    if (role === "desk") return registerSiteSpeedRoutes(app, { database, clock });
    await registerVitalsRoute(app, {
      database,
      clock,
      rateLimitPerMinute: config.VITALS_RATE_LIMIT_PER_MINUTE,
      allowedOrigins: config.ALLOWED_ORIGINS,
    });
  },
};
