import rateLimit from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config/config";
import { clientKey } from "./client-key";

/**
 * How the rate limit stands, as /readyz reports it: `shared` (counters in Redis, one limit for every
 * instance), `per-process` (no REDIS_URL: each process counts on its own) or `degraded` (REDIS_URL
 * is set but Redis does not answer: requests are let through unlimited until it is back).
 */
export type RateLimitState = "shared" | "per-process" | "degraded";

/** Redis answers in well under a millisecond; a request waits at most this long for its counter. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 1_000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Where the rate limit of one process counts: nowhere shared (no REDIS_URL), or one Redis connection
 * that every lead service of the process uses. What it is, and each change of Redis's reachability,
 * is logged once for the process, through the logger of the first service that uses it.
 */
export class RateLimitBackend {
  private readonly redis: Redis | undefined;
  private readonly where: { redis: string } | undefined;
  private log: FastifyBaseLogger | undefined;
  private reachable: boolean | undefined;

  constructor(config: Config) {
    if (!config.REDIS_URL) return;
    const url = new URL(config.REDIS_URL);
    this.where = { redis: `${url.protocol}//${url.host}${url.pathname}` };
    this.redis = new Redis(config.REDIS_URL, {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      // A command fails at once while disconnected instead of waiting in a queue for a reconnect.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Connects when the first service starts using it, so its state is logged from the start.
      lazyConnect: true,
    });
    this.redis.on("ready", () => this.mark(true));
    this.redis.on("error", (err) => this.mark(false, err));
  }

  private mark(now: boolean, err?: unknown) {
    if (now === this.reachable) return;
    const before = this.reachable;
    this.reachable = now;
    if (!now) {
      this.log?.warn(
        { ...this.where, err: errorText(err) },
        "Redis is not reachable: the rate limit is NOT enforced until it is back (leads are still accepted)",
      );
    } else if (before === false) {
      this.log?.info(this.where, "Redis is reachable again: the rate limit is shared by every instance");
    }
  }

  /** Registers @fastify/rate-limit on `app` with this backend; says how the limit counts the first time. */
  async register(app: FastifyInstance): Promise<void> {
    const common = { global: false, keyGenerator: (req: { ip: string }) => clientKey(req.ip) };
    const first = !this.log;
    this.log ??= app.log;
    if (!this.redis) {
      if (first) {
        app.log.info(
          "rate limit counted per process (REDIS_URL is not set): each instance allows RATE_LIMIT_PER_MINUTE per client",
        );
      }
      await app.register(rateLimit, common);
      return;
    }
    const redis = this.redis;
    if (first) {
      app.log.info(this.where, "rate limit shared by every instance through Redis");
      redis.connect().catch(() => {}); // an error is reported by the "error" event
    }
    await app.register(rateLimit, { ...common, redis, skipOnError: true });
    // At start, wait briefly for the connection so the first requests are counted too.
    app.addHook("onReady", async () => {
      if (redis.status === "ready") return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off("ready", done);
          redis.off("error", done);
          resolve();
        };
        const timer = setTimeout(done, REDIS_CONNECT_TIMEOUT_MS);
        redis.once("ready", done);
        redis.once("error", done);
      });
    });
  }

  /** The state /readyz reports (asks Redis, when there is one). */
  async state(): Promise<RateLimitState> {
    if (!this.redis) return "per-process";
    try {
      await this.redis.ping();
      this.mark(true);
      return "shared";
    } catch (err) {
      this.mark(false, err);
      return "degraded";
    }
  }

  close() {
    this.redis?.disconnect();
  }
}

/**
 * Registers @fastify/rate-limit for the routes that opt in (`config.rateLimit`). Clients are keyed
 * by `request.ip` (see TRUSTED_PROXIES): IPv4 by address, IPv6 by its /64 (one subscriber's
 * prefix), IPv4-mapped IPv6 as IPv4. With REDIS_URL the counters live in Redis; if Redis fails, a
 * lead is never refused for it (`skipOnError`, short timeouts, no offline queue): the request is
 * let through and a warning is logged once per outage. `backend` is the process's (main.ts: one
 * for both lead services); without it the app has its own, closed with it. Returns the state for /readyz.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  backend?: RateLimitBackend,
): Promise<() => Promise<RateLimitState>> {
  const used = backend ?? new RateLimitBackend(config);
  if (!backend) app.addHook("onClose", async () => used.close());
  await used.register(app);
  return () => used.state();
}
