import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { BACKENDS, json, useLeadServices, validContact, validQuotation } from "../../test/helpers";

describe.each(BACKENDS)("lead services on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const { app, count, nothingStored, woken } = svc;

    describe("Idempotency-Key", () => {
      const post = (a: FastifyInstance, key: string, payload: object = validContact) =>
        a.inject({ method: "POST", url: "/contact", headers: { ...json, "idempotency-key": key }, payload });

      it("replays the first answer within 24 h and stores nothing new", async () => {
        const a = await app();
        const first = await post(a, "k-123e4567");
        svc.clock.advance(23 * 60 * 60 * 1000);
        const again = await post(a, "k-123e4567");
        expect(first.statusCode).toBe(201);
        expect(again.statusCode).toBe(first.statusCode);
        expect(again.body).toBe(first.body);
        expect(again.headers["idempotent-replayed"]).toBe("true");
        expect([await count("leads"), await count("outbox"), await count("idempotency_keys")]).toEqual([
          1, 1, 1,
        ]);
        expect(woken).toHaveLength(1);
      });

      it("treats the key as new after 24 h", async () => {
        const a = await app();
        const first = await post(a, "old-key");
        svc.clock.advance(24 * 60 * 60 * 1000 + 1);
        const later = await post(a, "old-key");
        expect(later.statusCode).toBe(201);
        expect(later.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
        expect(await count("leads")).toBe(2);
        expect(await count("idempotency_keys")).toBe(1);
      });

      it("refuses the same key with a different body (422), storing nothing", async () => {
        const a = await app();
        await post(a, "reused");
        const res = await post(a, "reused", { ...validContact, message: "Something else" });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ error: "idempotency_key_reused" });
        expect(await count("leads")).toBe(1);
      });

      it("scopes keys per service", async () => {
        const c = await app("contact");
        const q = await app("quotation");
        await post(c, "shared");
        const res = await q.inject({
          method: "POST",
          url: "/quotation",
          headers: { ...json, "idempotency-key": "shared" },
          payload: validQuotation,
        });
        expect(res.statusCode).toBe(201);
        expect(await count("leads")).toBe(2);
      });

      it.each([
        ["empty", ""],
        ["too long", "k".repeat(201)],
        ["with a space", "a b"],
        ["non-ASCII", "clé"],
      ])("400 for an invalid key (%s)", async (_label, key) => {
        const a = await app();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: { ...json, "idempotency-key": key },
          payload: validContact,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: "invalid_idempotency_key" });
        await nothingStored();
      });

      it("stores one lead when the same key arrives many times at once", async () => {
        const a = await app();
        const results = await Promise.all(Array.from({ length: 12 }, () => post(a, "burst")));
        expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
        expect(new Set(results.map((r) => r.body)).size).toBe(1);
        expect(await count("leads")).toBe(1);
      });

      it("does not remember a refused request", async () => {
        const a = await app();
        const bad = await post(a, "fix-and-retry", { ...validContact, email: "nope" });
        expect(bad.statusCode).toBe(400);
        const good = await post(a, "fix-and-retry");
        expect(good.statusCode).toBe(201);
      });
    });
  });
});
