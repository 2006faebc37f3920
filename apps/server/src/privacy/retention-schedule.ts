import type { Retention } from "@site/contracts";
import type { FastifyBaseLogger } from "fastify";
import { hostname } from "node:os";
import type { Database } from "../records/database";
import type { Clock } from "../platform/clock";
import { purgeExpired } from "./data-rights";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs the retention purge `firstAfterMs` after start, then once a day, in every process that holds
 * the lead store. Several instances purging at once is safe (see purgeExpired); each run is audited
 * as the system, named by host and process. Returns a function that stops it.
 */
export function scheduleDailyPurge(opts: {
  database: Database;
  retention: Retention;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, "info" | "error">;
  /** Told the ids of the leads each run deleted. */
  onErased?: ((ids: readonly string[]) => void) | undefined;
  firstAfterMs?: number;
  everyMs?: number;
}): () => void {
  const { database, retention, clock, logger, firstAfterMs = 60_000, everyMs = DAY_MS } = opts;
  const actor = { actorType: "system" as const, actor: `${hostname()}:${process.pid}` };
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      const r = await purgeExpired(database, { retention, now: clock.now(), actor });
      if (r.leadIds.length > 0) opts.onErased?.(r.leadIds);
      logger.info(
        {
          enquiries: r.enquiries,
          spam: r.spam,
          idempotencyKeys: r.idempotencyKeys,
          vitalsDays: r.vitals.days,
          // false: a reader kept the SQLite WAL from being emptied; the next purge tries again.
          walTruncated: r.walTruncated,
        },
        "retention purge done",
      );
    } catch (err) {
      logger.error({ err: err instanceof Error ? err.message : String(err) }, "retention purge failed");
    }
    timer = setTimeout(() => void run(), everyMs);
    timer.unref();
  };
  timer = setTimeout(() => void run(), firstAfterMs);
  timer.unref();
  return () => clearTimeout(timer);
}
