import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "./config";

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
 * Registers @fastify/rate-limit for the routes that opt in (`config.rateLimit`). Clients are keyed
 * by `request.ip` (see TRUSTED_PROXIES): IPv4 by address, IPv6 by its /64 (one subscriber's
 * prefix), IPv4-mapped IPv6 as IPv4. With REDIS_URL the counters live in Redis; if Redis fails, a
 * lead is never refused for it (`skipOnError`, short timeouts, no offline queue): the request is
 * let through and a warning is logged once per outage. Returns the state for /readyz.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
): Promise<() => Promise<RateLimitState>> {
  const common = { global: false, ipv6Subnet: 64 };
  if (!config.REDIS_URL) {
    app.log.info(
      "rate limit counted per process (REDIS_URL is not set): each instance allows RATE_LIMIT_PER_MINUTE per client",
    );
    await app.register(rateLimit, common);
    return async () => "per-process";
  }

  const url = new URL(config.REDIS_URL);
  const where = { redis: `${url.protocol}//${url.host}${url.pathname}` };
  const redis = new Redis(config.REDIS_URL, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // A command fails at once while disconnected instead of waiting in a queue for a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  let reachable: boolean | undefined;
  const mark = (now: boolean, err?: unknown) => {
    if (now === reachable) return;
    const before = reachable;
    reachable = now;
    if (!now) {
      app.log.warn(
        { ...where, err: errorText(err) },
        "Redis is not reachable: the rate limit is NOT enforced until it is back (leads are still accepted)",
      );
    } else if (before === false) {
      app.log.info(where, "Redis is reachable again: the rate limit is shared by every instance");
    }
  };
  redis.on("ready", () => mark(true));
  redis.on("error", (err) => mark(false, err));

  await app.register(rateLimit, { ...common, redis, skipOnError: true });
  app.log.info(where, "rate limit shared by every instance through Redis");

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
  app.addHook("onClose", async () => redis.disconnect());

  return async () => {
    try {
      await redis.ping();
      mark(true);
      return "shared";
    } catch (err) {
      mark(false, err);
      return "degraded";
    }
  };
}
