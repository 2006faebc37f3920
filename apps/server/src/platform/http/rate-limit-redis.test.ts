/**
 * One rate limit across instances through a real redis-server, and leads still accepted when
 * Redis is down, stopped or frozen. Skipped without redis-server, except under CI=true.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { freePort, json, testConfig, useLeadServices, validContact } from "../../../test/helpers";
import { REDIS_SERVER, type RedisServer, startRedis } from "../../../test/redis-server";

describe.skipIf(!REDIS_SERVER)("rate limit in Redis", () => {
  const svc = useLeadServices("sqlite");
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  beforeEach(async () => {
    await redis.flush();
  });

  /** An instance of the contact service with its log lines captured. */
  async function instance(env: Record<string, string>) {
    const lines: { level: number; msg: string }[] = [];
    const app = svc.track(
      await buildApp("contact", {
        config: testConfig({ LOG_LEVEL: "info", RATE_LIMIT_PER_MINUTE: "3", ...env }),
        database: svc.database,
        clock: svc.clock,
        logStream: { write: (l) => void lines.push(JSON.parse(l) as { level: number; msg: string }) },
      }),
    );
    await app.ready();
    return { app, lines };
  }
  const post = async (app: FastifyInstance, ip = "203.0.113.7") =>
    (
      await app.inject({
        method: "POST",
        url: "/contact",
        headers: json,
        payload: validContact,
        remoteAddress: ip,
      })
    ).statusCode;
  const ready = async (app: FastifyInstance) => {
    const r = await app.inject({ url: "/readyz" });
    return [r.statusCode, r.json()];
  };

  it("two instances on one Redis enforce one limit per client", async () => {
    const [a, b] = [await instance({ REDIS_URL: redis.url }), await instance({ REDIS_URL: redis.url })];
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push(await post(i % 2 ? a.app : b.app));
    expect(codes).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    // Another client is counted on its own, on either instance.
    expect(await post(a.app, "203.0.113.8")).toBe(201);
    expect(await svc.count("leads")).toBe(4);
    expect(await ready(a.app)).toEqual([200, { status: "ok", rateLimit: "shared" }]);
    expect(a.lines.map((l) => l.msg)).toContain("rate limit shared by every instance through Redis");
  });

  it("without REDIS_URL each process counts on its own, and says so at start", async () => {
    const [a, b] = [await instance({}), await instance({})];
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push(await post(i % 2 ? a.app : b.app));
    expect(codes.filter((c) => c === 201)).toHaveLength(6);
    expect(a.lines.map((l) => l.msg)).toContain(
      "rate limit counted per process (REDIS_URL is not set): each instance allows RATE_LIMIT_PER_MINUTE per client",
    );
    expect(await ready(a.app)).toEqual([200, { status: "ok", rateLimit: "per-process" }]);
  });

  it("accepts leads while Redis is down, warns once, reports degraded, and shares the limit again when it is back", async () => {
    const own = await startRedis();
    try {
      const a = await instance({ REDIS_URL: own.url });
      expect(await post(a.app)).toBe(201);
      await own.stop();
      await vi.waitFor(async () =>
        expect(await ready(a.app)).toEqual([200, { status: "ok", rateLimit: "degraded" }]),
      );
      // No lead is refused for our own dependency: all five pass a limit of 3, without delay.
      const started = Date.now();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push(await post(a.app));
      expect(codes).toEqual([201, 201, 201, 201, 201]);
      expect(Date.now() - started).toBeLessThan(2_000);
      const warnings = a.lines.filter((l) => l.level === 40 && /Redis is not reachable/.test(l.msg));
      expect(warnings).toHaveLength(1);

      const back = await startRedis(own.port);
      try {
        await vi.waitFor(
          async () => expect(await ready(a.app)).toEqual([200, { status: "ok", rateLimit: "shared" }]),
          {
            timeout: 10_000,
            interval: 100,
          },
        );
        expect(a.lines.map((l) => l.msg)).toContain(
          "Redis is reachable again: the rate limit is shared by every instance",
        );
        expect([await post(a.app), await post(a.app), await post(a.app), await post(a.app)]).toEqual([
          201, 201, 201, 429,
        ]);
      } finally {
        await back.stop();
      }
    } finally {
      await own.stop();
    }
  });

  it("answers within the command timeout when Redis hangs (frozen with SIGSTOP)", async () => {
    const a = await instance({ REDIS_URL: redis.url });
    expect(await post(a.app)).toBe(201);
    redis.freeze();
    try {
      const started = Date.now();
      expect(await post(a.app)).toBe(201);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await ready(a.app)).toEqual([200, { status: "ok", rateLimit: "degraded" }]);
    } finally {
      redis.thaw();
    }
  });

  it("starts and accepts leads when Redis is unreachable from the start", async () => {
    const nobody = await freePort();
    const started = Date.now();
    const a = await instance({ REDIS_URL: `redis://127.0.0.1:${nobody}` });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await post(a.app)).toBe(201);
    expect(await ready(a.app)).toEqual([200, { status: "ok", rateLimit: "degraded" }]);
    expect(a.lines.some((l) => l.level === 40 && /Redis is not reachable/.test(l.msg))).toBe(true);
  });
});
