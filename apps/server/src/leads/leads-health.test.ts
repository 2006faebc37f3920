import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import {
  BACKENDS,
  json,
  openTestDatabase,
  testConfig,
  useLeadServices,
  validContact,
} from "../../test/helpers";

describe.each(BACKENDS)("lead services on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const { track } = svc;

    describe("health", () => {
      it("healthz, readyz, and readyz 503 with a hidden 500 when the database is gone", async () => {
        const own = await openTestDatabase(backend);
        try {
          const a = await buildApp("contact", {
            config: testConfig(),
            database: own.database,
            clock: svc.clock,
          });
          track(a);
          expect((await a.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
          const ready = await a.inject({ url: "/readyz" });
          expect([ready.statusCode, ready.json()]).toEqual([200, { status: "ok", rateLimit: "per-process" }]);
          await own.database.close();
          const gone = await a.inject({ url: "/readyz" });
          expect([gone.statusCode, gone.json()]).toEqual([
            503,
            { status: "unavailable", rateLimit: "per-process" },
          ]);
          expect((await a.inject({ url: "/healthz" })).statusCode).toBe(200);
          const post = await a.inject({
            method: "POST",
            url: "/contact",
            headers: json,
            payload: validContact,
          });
          expect(post.statusCode).toBe(500);
          expect(post.json()).toEqual({
            error: "internal_error",
            message: "Something went wrong on our side.",
          });
        } finally {
          await own.cleanup();
        }
      });
    });
  });
});
