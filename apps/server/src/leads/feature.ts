// Leads: the contact and quotation forms (POST /contact, POST /quotation on their own listeners) and
// the desk's leads: inbox, a lead's page, working it, spam, retries, export, the dashboard.
import { proofOfWorkFor } from "../platform/challenge/proof-of-work";
import { purgeExpiredIdempotencyKeys } from "../records/intake/lead-batch";
import type { Feature } from "../records/feature";
import { configuredChannels } from "../records/outbox/channels";
import { registerLeadActionRoutes } from "./desk-action-routes";
import { registerLeadDeskRoutes } from "./desk-routes";
import { registerFormRoutes } from "./public-routes";

/** Idempotency keys older than 24 h are no longer honoured; they are dropped this often. */
const KEY_PURGE_EVERY_MS = 60 * 60_000;

export const leadsFeature: Feature = {
  roles: ["contact", "quotation", "desk"],
  async register(app, { role, config, database, clock, onLeadStored }) {
    if (role === "desk") {
      registerLeadDeskRoutes(app, { database, clock });
      registerLeadActionRoutes(app, { database, clock, channels: configuredChannels(config) });
      return;
    }
    if (role !== "contact" && role !== "quotation") return;
    await registerFormRoutes(app, role, {
      database,
      clock,
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      allowedOrigins: config.ALLOWED_ORIGINS,
      channels: configuredChannels(config),
      onLeadStored,
      pow: proofOfWorkFor(database.db, config),
    });
    let purge: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      purge = setInterval(() => {
        purgeExpiredIdempotencyKeys(database.db, clock.now()).catch(() => {});
      }, KEY_PURGE_EVERY_MS);
      purge.unref();
    });
    app.addHook("onClose", async () => clearInterval(purge));
  },
};
