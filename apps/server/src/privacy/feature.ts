// Privacy: what is kept and for how long (the daily retention purge), a person's export and erasure
// (the leads command and the desk's erasure of a lead's address), each written to the audit trail.
import type { Feature } from "../records/feature";
import { registerErasureRoutes } from "./desk-routes";
import { scheduleDailyPurge } from "./retention-schedule";

export const privacyFeature: Feature = {
  roles: ["desk"],
  async register(app, { database, clock, onLeadsErased }) {
    registerErasureRoutes(app, { database, clock, onErased: onLeadsErased });
  },
  start({ config, database, clock, log, onLeadsErased }) {
    const stop = scheduleDailyPurge({
      database,
      retention: config.retention,
      clock,
      logger: log,
      onErased: onLeadsErased,
    });
    return { name: "retention purge", stop: async () => stop() };
  },
};
