// Beacons are counted in memory and written once a second: one upsert per table for every (day, route,
// device, metric, bucket) that changed, however many beacons came. At 1,000 beacons a second that is
// one small transaction a second instead of a thousand, beside the leads' group commit. A histogram
// row is not a lead: a crash loses at most the last second's counts; a shutdown writes them first.
import type { VitalsBeacon } from "@site/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../records/database";
import type { Clock } from "../platform/clock";
import { bucketOf } from "./histogram";
import { addVitalCounts, type HistogramCount, type ViewCount } from "./speed-store";

export interface VitalsAggregatorOptions {
  database: Database;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, "info" | "warn">;
  /** How often the counts are written; default 1 s. */
  flushEveryMs?: number;
  /** Histogram keys held at most (while the database does not answer); default 100,000. */
  maxKeys?: number;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Adds `row` (its count) to the row of `key`, or makes it that row. */
function bump<T extends { count: number }>(counts: Map<string, T>, key: string, row: T) {
  const held = counts.get(key);
  if (held) held.count += row.count;
  else counts.set(key, row);
}

/** Adds every row of `from` to `into`. */
function merge<T extends { count: number }>(into: Map<string, T>, from: Map<string, T>) {
  for (const [key, row] of from) bump(into, key, row);
}

export class VitalsAggregator {
  private histogram = new Map<string, HistogramCount>();
  private views = new Map<string, ViewCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private failing = false;
  private readonly flushEveryMs: number;
  private readonly maxKeys: number;

  constructor(private readonly opts: VitalsAggregatorOptions) {
    this.flushEveryMs = opts.flushEveryMs ?? 1_000;
    this.maxKeys = opts.maxKeys ?? 100_000;
  }

  /**
   * Counts one validated beacon on the current UTC day. Returns false, counting nothing, when the
   * counts waiting to be written are at their bound (the database has not answered for a while).
   */
  add(beacon: VitalsBeacon): boolean {
    if (this.histogram.size >= this.maxKeys) return false;
    const day = this.opts.clock.now().toISOString().slice(0, 10);
    const { route, device } = beacon;
    for (const { name: metric, value } of beacon.metrics) {
      const bucket = bucketOf(metric, value);
      const key = `${day}\t${route}\t${device}\t${metric}\t${bucket}`;
      bump(this.histogram, key, { day, route, device, metric, bucket, count: 1 });
    }
    const navigation_type = beacon.navigationType;
    bump(this.views, `${day}\t${route}\t${device}\t${navigation_type}`, {
      day,
      route,
      device,
      navigation_type,
      count: 1,
    });
    return true;
  }

  /** Writes every second until stopped. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushEveryMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is waiting (shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }

  /** Writes the waiting counts; one write at a time. A failed write keeps them for the next. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.histogram.size === 0 && this.views.size === 0) return Promise.resolve();
    const histogram = this.histogram;
    const views = this.views;
    this.histogram = new Map();
    this.views = new Map();
    this.flushing = addVitalCounts(this.opts.database, [...histogram.values()], [...views.values()])
      .then(
        () => {
          if (this.failing) this.opts.logger.info("speed figures are written again");
          this.failing = false;
        },
        (err: unknown) => {
          this.restore(histogram, views);
          if (!this.failing) {
            this.opts.logger.warn(
              { err: errorText(err), waiting: this.histogram.size },
              "speed figures could not be written; kept in memory and retried every second",
            );
          }
          this.failing = true;
        },
      )
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** Puts counts that could not be written back in front of those that came meanwhile. */
  private restore(histogram: Map<string, HistogramCount>, views: Map<string, ViewCount>) {
    merge(histogram, this.histogram);
    merge(views, this.views);
    this.histogram = histogram;
    this.views = views;
  }
}
