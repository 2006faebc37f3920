import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import {
  BACKENDS,
  json,
  testConfig,
  useLeadServices,
  validContact,
  validQuotation,
} from "../../test/helpers";

describe.each(BACKENDS)("lead services on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const { app, count, track } = svc;

    describe("rate limit", () => {
      it("429 with Retry-After once an IP exceeds RATE_LIMIT_PER_MINUTE; other IPs unaffected", async () => {
        const a = await app("quotation", { RATE_LIMIT_PER_MINUTE: "3" });
        const post = (ip: string) =>
          a.inject({
            method: "POST",
            url: "/quotation",
            headers: json,
            payload: validQuotation,
            remoteAddress: ip,
          });
        for (let i = 0; i < 3; i++) expect((await post("203.0.113.7")).statusCode).toBe(201);
        const limited = await post("203.0.113.7");
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
        expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
        expect(limited.json()).toMatchObject({ error: "rate_limited" });
        expect((await post("203.0.113.8")).statusCode).toBe(201);
        expect(await count("leads")).toBe(4);
        // health checks are not limited
        for (let i = 0; i < 5; i++)
          expect((await a.inject({ url: "/healthz", remoteAddress: "203.0.113.7" })).statusCode).toBe(200);
      });

      it("defaults to 10 per minute", async () => {
        const a = await buildApp("contact", {
          config: testConfig(),
          database: svc.database,
          clock: svc.clock,
        });
        track(a);
        const codes: number[] = [];
        for (let i = 0; i < 11; i++) {
          codes.push(
            (await a.inject({ method: "POST", url: "/contact", headers: json, payload: validContact }))
              .statusCode,
          );
        }
        expect(codes).toEqual([...Array(10).fill(201), 429]);
      });
    });
  });
});
