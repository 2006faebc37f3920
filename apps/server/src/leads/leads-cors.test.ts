import { describe, expect, it } from "vitest";
import { BACKENDS, json, ORIGIN, useLeadServices, validContact } from "../../test/helpers";

describe.each(BACKENDS)("lead services on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const { app, nothingStored } = svc;

    describe("CORS", () => {
      it("answers a preflight from an allowed origin, without credentials", async () => {
        const a = await app("contact", { ALLOWED_ORIGINS: `${ORIGIN}, https://www.example.com` });
        const res = await a.inject({
          method: "OPTIONS",
          url: "/contact",
          headers: {
            origin: "https://www.example.com",
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type,idempotency-key",
          },
        });
        expect(res.statusCode).toBe(204);
        expect(res.headers["access-control-allow-origin"]).toBe("https://www.example.com");
        expect(res.headers["access-control-allow-methods"]).toBe("POST");
        expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toBe(
          "content-type, idempotency-key",
        );
        expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      });

      it("gives a foreign origin no CORS grant and refuses its POST with 403", async () => {
        const a = await app();
        const pre = await a.inject({
          method: "OPTIONS",
          url: "/contact",
          headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
        });
        expect(pre.headers["access-control-allow-origin"]).toBeUndefined();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: { ...json, origin: "https://evil.example" },
          payload: validContact,
        });
        expect(res.statusCode).toBe(403);
        expect(res.headers["access-control-allow-origin"]).toBeUndefined();
        expect(res.json()).toMatchObject({ error: "origin_not_allowed" });
        await nothingStored();
      });

      it.each([
        ["without an Origin", { "access-control-request-method": "POST" }],
        ["without Access-Control-Request-Method", { origin: ORIGIN }],
        ["with neither", {}],
      ])("answers an OPTIONS %s (not a preflight) with a JSON 400", async (_label, headers) => {
        const a = await app();
        const res = await a.inject({ method: "OPTIONS", url: "/contact", headers });
        expect(res.statusCode).toBe(400);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.json()).toEqual({
          error: "bad_request",
          message: "A CORS preflight needs Origin and Access-Control-Request-Method headers.",
        });
        expect(res.headers["access-control-allow-methods"]).toBeUndefined();
      });

      it("accepts requests without an Origin (server to server, curl)", async () => {
        const a = await app();
        const res = await a.inject({ method: "POST", url: "/contact", headers: json, payload: validContact });
        expect(res.statusCode).toBe(201);
      });
    });
  });
});
