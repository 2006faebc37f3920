import { describe, expect, it } from "vitest";
import { UUID_V7_PATTERN as LEAD_ID_PATTERN } from "@site/contracts/uuid";
import { BACKENDS, json, ORIGIN, useLeadServices, validContact, validQuotation } from "../../test/helpers";

describe.each(BACKENDS)("lead services on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const { app, count, nothingStored, woken } = svc;

    describe("accepting leads", () => {
      it("stores a contact message with its outbox row and answers 201 { id }", async () => {
        const a = await app("contact");
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: { ...json, origin: ORIGIN },
          payload: { ...validContact, name: "  Ada Lovelace  " },
        });
        expect(res.statusCode).toBe(201);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
        const body = res.json<{ id: string }>();
        expect(Object.keys(body)).toEqual(["id"]);
        expect(body.id).toMatch(LEAD_ID_PATTERN);

        const lead = await svc.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
        expect(lead).toMatchObject({
          id: body.id,
          kind: "contact",
          name: "Ada Lovelace",
          email: validContact.email,
          phone: validContact.phone,
          message: validContact.message,
          company: null,
          service: null,
          created_at: svc.clock.now().toISOString(),
        });
        expect(Number(lead.is_spam)).toBe(0);
        const outbox = await svc.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
        expect(outbox).toMatchObject({
          lead_id: body.id,
          sent_at: null,
          next_attempt_at: svc.clock.now().toISOString(),
        });
        expect(Number(outbox.attempts)).toBe(0);
        expect(woken).toEqual([body.id]);
      });

      it("stores a quotation request, optional fields absent or present", async () => {
        const a = await app("quotation");
        const minimal = {
          name: "Grace Hopper",
          email: "grace@example.com",
          phone: "+44 7700 900123",
          service: "cctv-solutions",
        };
        const r1 = await a.inject({ method: "POST", url: "/quotation", headers: json, payload: minimal });
        const r2 = await a.inject({
          method: "POST",
          url: "/quotation",
          headers: json,
          payload: validQuotation,
        });
        expect([r1.statusCode, r2.statusCode]).toEqual([201, 201]);
        const rows = await svc.db
          .selectFrom("leads")
          .selectAll()
          .orderBy("created_at")
          .orderBy("id")
          .execute();
        expect(rows.map((r) => [r.kind, r.company, r.service, r.details])).toEqual(
          expect.arrayContaining([
            ["quotation", null, "cctv-solutions", null],
            ["quotation", validQuotation.company, "erp-consultation", validQuotation.details],
          ]),
        );
        expect(await count("outbox")).toBe(2);
      });

      it("gives unique, time-ordered ids", async () => {
        const a = await app();
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          svc.clock.advance(1);
          const r = await a.inject({ method: "POST", url: "/contact", headers: json, payload: validContact });
          ids.push(r.json<{ id: string }>().id);
        }
        expect(new Set(ids).size).toBe(5);
        expect([...ids].sort()).toEqual(ids);
      });

      it("each service only takes its own path", async () => {
        const c = await app("contact");
        const q = await app("quotation");
        expect(
          (await c.inject({ method: "POST", url: "/quotation", headers: json, payload: validQuotation }))
            .statusCode,
        ).toBe(404);
        expect(
          (await q.inject({ method: "POST", url: "/contact", headers: json, payload: validContact }))
            .statusCode,
        ).toBe(404);
        await nothingStored();
      });
    });

    describe("honeypot", () => {
      it("answers a filled honeypot with the same 201 but stores it as spam with no notification", async () => {
        const a = await app("quotation");
        const res = await a.inject({
          method: "POST",
          url: "/quotation",
          headers: json,
          payload: { ...validQuotation, website: "https://spam.example" },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json<{ id: string }>().id).toMatch(LEAD_ID_PATTERN);
        const row = await svc.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
        expect(Number(row.is_spam)).toBe(1);
        expect(await count("outbox")).toBe(0);
        expect(woken).toEqual([]);
      });

      it("an empty, blank or null honeypot is not spam", async () => {
        const a = await app();
        for (const website of ["", "  ", null]) {
          const res = await a.inject({
            method: "POST",
            url: "/contact",
            headers: json,
            payload: { ...validContact, website },
          });
          expect(res.statusCode).toBe(201);
        }
        const rows = await svc.db.selectFrom("leads").selectAll().execute();
        expect(rows.map((r) => Number(r.is_spam))).toEqual([0, 0, 0]);
        expect(await count("outbox")).toBe(3);
      });

      it.each([
        ["a long string", "w".repeat(12_000)],
        ["a number", 0],
        ["false", false],
        ["an array", ["x"]],
        ["an object", { url: "https://spam.example" }],
        ["deep nesting", JSON.parse(`${"[".repeat(2000)}${"]".repeat(2000)}`)],
      ])("a honeypot holding %s gets the same 201 and is stored as spam", async (_label, website) => {
        const a = await app("contact");
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: { ...validContact, website },
        });
        expect(res.statusCode).toBe(201);
        expect(Object.keys(res.json())).toEqual(["id"]);
        const row = await svc.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
        expect(Number(row.is_spam)).toBe(1);
        expect(row.message).toBe(validContact.message);
        expect(await count("outbox")).toBe(0);
        expect(woken).toEqual([]);
      });

      it("a filled honeypot does not make an invalid body acceptable", async () => {
        const a = await app();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: { ...validContact, email: "nope", website: 42 },
        });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual(["email"]);
        await nothingStored();
      });
    });
  });
});
