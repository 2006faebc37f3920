import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bucketOf } from "./histogram";
import { BACKENDS, json, ORIGIN, useLeadServices, validContact } from "../../test/helpers";

// POST /vitals on the contact service: validated by the contract, counted in per-day histograms
// (written once a second and when the app closes), never one row per beacon.

const text = { "content-type": "text/plain;charset=UTF-8" };
const beacon = {
  route: "/services/:serviceType",
  navigationType: "navigate",
  device: "mobile",
  metrics: [
    { name: "LCP", value: 2100.4, rating: "good" },
    { name: "INP", value: 96, rating: "good" },
    { name: "CLS", value: 0.02, rating: "good" },
    { name: "FCP", value: 1200, rating: "good" },
    { name: "TTFB", value: 310.2, rating: "good" },
  ],
};

describe.each(BACKENDS)("speed beacons on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    afterEach(() => vi.useRealTimers());

    const post = (a: FastifyInstance, payload: unknown, headers: Record<string, string> = text) =>
      a.inject({
        method: "POST",
        url: "/vitals",
        headers: { origin: ORIGIN, ...headers },
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      });
    const histogram = () =>
      svc.db
        .selectFrom("vitals_histogram")
        .selectAll()
        .orderBy("metric")
        .orderBy("bucket")
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, bucket: Number(r.bucket), count: Number(r.count) })));
    const views = () =>
      svc.db
        .selectFrom("vitals_views")
        .selectAll()
        .orderBy("navigation_type")
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, count: Number(r.count) })));

    it("takes a sendBeacon body (text/plain) with 204 and counts it once the counts are written", async () => {
      const a = await svc.app("contact");
      const res = await post(a, beacon);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
      expect(await histogram()).toEqual([]); // held in memory for up to a second
      await a.close(); // closing writes what is waiting
      const day = svc.clock.now().toISOString().slice(0, 10);
      expect(await histogram()).toEqual(
        beacon.metrics
          .map((m) => ({
            day,
            route: "/services/:serviceType",
            device: "mobile",
            metric: m.name,
            bucket: bucketOf(m.name as "LCP", m.value),
            count: 1,
          }))
          .sort((x, y) => x.metric.localeCompare(y.metric)),
      );
      expect(await views()).toEqual([
        { day, route: "/services/:serviceType", device: "mobile", navigation_type: "navigate", count: 1 },
      ]);
    });

    it("adds beacons into the day's histogram rows instead of a row per beacon", async () => {
      const a = await svc.app("contact");
      const desktop = {
        ...beacon,
        device: "desktop",
        navigationType: "reload",
        metrics: [beacon.metrics[0]],
      };
      for (let i = 0; i < 50; i++) expect((await post(a, beacon)).statusCode).toBe(204);
      for (let i = 0; i < 20; i++) expect((await post(a, desktop, json)).statusCode).toBe(204);
      await a.close();
      const rows = await histogram();
      expect(rows).toHaveLength(6);
      expect(rows.filter((r) => r.device === "mobile").map((r) => r.count)).toEqual([50, 50, 50, 50, 50]);
      expect(rows.filter((r) => r.device === "desktop")).toMatchObject([{ metric: "LCP", count: 20 }]);
      expect((await views()).map((v) => [v.device, v.navigation_type, v.count])).toEqual([
        ["mobile", "navigate", 50],
        ["desktop", "reload", 20],
      ]);

      // The next day's beacons go to the next day's rows; the same day's add to the stored counts.
      const b = await svc.app("contact");
      await post(b, beacon);
      svc.clock.advance(24 * 60 * 60 * 1000);
      await post(b, beacon);
      await b.close();
      const lcp = (await histogram()).filter((r) => r.metric === "LCP" && r.device === "mobile");
      expect(lcp.map((r) => r.count).sort()).toEqual([1, 51]);
    });

    it("writes the counts every second while running", async () => {
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      const a = await svc.app("contact");
      await a.ready();
      await post(a, beacon);
      await vi.advanceTimersByTimeAsync(999);
      expect(await histogram()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(async () => expect(await histogram()).toHaveLength(5));
    });

    it.each([
      ["an unknown route", { ...beacon, route: "/services/internet-services" }, "route"],
      ["a query string", { ...beacon, route: "/?utm_source=mail" }, "route"],
      ["an unknown device", { ...beacon, device: "tablet" }, "device"],
      ["no metrics", { ...beacon, metrics: [] }, "metrics"],
      [
        "a contradicting rating",
        { ...beacon, metrics: [{ name: "LCP", value: 9000, rating: "good" }] },
        "metrics",
      ],
      [
        "a value out of range",
        { ...beacon, metrics: [{ name: "CLS", value: 1e9, rating: "poor" }] },
        "metrics",
      ],
      ["a missing field", { route: "/", device: "mobile", metrics: beacon.metrics }, "navigationType"],
    ])("refuses %s with 400 and stores nothing", async (_label, body, field) => {
      const a = await svc.app("contact");
      const res = await post(a, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "validation_failed",
        fields: { [field]: expect.any(Array) },
      });
      await a.close();
      expect(await histogram()).toEqual([]);
      expect(await views()).toEqual([]);
    });

    it("refuses what is not a beacon: bad JSON, other types, foreign origins, other methods, big bodies", async () => {
      const a = await svc.app("contact");
      expect((await post(a, "{not json")).json()).toMatchObject({ error: "invalid_json" });
      expect((await post(a, "")).statusCode).toBe(400);
      expect((await post(a, '{"__proto__":{"route":"/"}}')).json()).toMatchObject({
        error: "validation_failed",
      });
      for (const type of [
        "text/html",
        "text/plain;charset=iso-8859-1",
        "application/x-www-form-urlencoded",
      ]) {
        const res = await post(a, beacon, { "content-type": type });
        expect(res.statusCode, type).toBe(415);
        expect(res.json()).toMatchObject({ error: "unsupported_media_type" });
      }
      const foreign = await post(a, beacon, { ...text, origin: "https://evil.example" });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ error: "origin_not_allowed" });
      const get = await a.inject({ method: "GET", url: "/vitals" });
      expect(get.statusCode).toBe(405);
      expect(get.headers.allow).toBe("POST, OPTIONS");
      const big = await post(a, { ...beacon, padding: "x".repeat(5000) });
      expect(big.statusCode).toBe(413);
      await a.close();
      expect(await histogram()).toEqual([]);
    });

    it("lets a beacon without Origin in (curl), answers the site's preflight, and keeps /contact JSON-only", async () => {
      const a = await svc.app("contact");
      const noOrigin = await a.inject({
        method: "POST",
        url: "/vitals",
        headers: text,
        payload: JSON.stringify(beacon),
      });
      expect(noOrigin.statusCode).toBe(204);
      const preflight = await a.inject({
        method: "OPTIONS",
        url: "/vitals",
        headers: {
          origin: ORIGIN,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers["access-control-allow-origin"]).toBe(ORIGIN);
      const lead = await a.inject({
        method: "POST",
        url: "/contact",
        headers: text,
        payload: JSON.stringify(validContact),
      });
      expect(lead.statusCode).toBe(415);
      expect(await svc.count("leads")).toBe(0);
    });

    it("exists on the contact service only", async () => {
      const q = await svc.app("quotation");
      expect((await post(q, beacon)).statusCode).toBe(404);
    });

    it("rate-limits per client with its own limit, apart from the lead routes'", async () => {
      const a = await svc.app("contact", { VITALS_RATE_LIMIT_PER_MINUTE: "3", RATE_LIMIT_PER_MINUTE: "2" });
      const from = (ip: string) =>
        a.inject({
          method: "POST",
          url: "/vitals",
          headers: text,
          payload: JSON.stringify(beacon),
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await from("203.0.113.7")).statusCode).toBe(204);
      const limited = await from("203.0.113.7");
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: "rate_limited" });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await from("203.0.113.8")).statusCode).toBe(204);
      // The beacons used none of the lead route's allowance.
      const lead = () =>
        a.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: validContact,
          remoteAddress: "203.0.113.7",
        });
      expect([(await lead()).statusCode, (await lead()).statusCode, (await lead()).statusCode]).toEqual([
        201, 201, 429,
      ]);
      await a.close();
      expect((await views())[0]?.count).toBe(4);
    });
  });
});
