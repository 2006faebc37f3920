import { LIMITS, leadSchemas } from "@site/contracts";
import { describe, expect, it } from "vitest";
import { bodyLimitOf } from "../platform/http/body-limit";
import { BACKENDS, json, useLeadServices, validContact, validQuotation } from "../../test/helpers";

describe.each(BACKENDS)("lead services on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const { app, nothingStored } = svc;

    describe("refusing bad input (4xx, nothing stored)", () => {
      it.each([
        ["text/plain", "hello"],
        ["application/x-www-form-urlencoded", "name=Ada"],
        ["multipart/form-data; boundary=x", "--x--"],
        ["application/json; charset=latin1", JSON.stringify(validContact)],
        ["application/jsonp", JSON.stringify(validContact)],
      ])("415 for Content-Type %s", async (type, payload) => {
        const a = await app();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: { "content-type": type },
          payload,
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toMatchObject({ error: "unsupported_media_type" });
        await nothingStored();
      });

      it("415 without a Content-Type", async () => {
        const a = await app();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          payload: Buffer.from(JSON.stringify(validContact)),
        });
        expect(res.statusCode).toBe(415);
        await nothingStored();
      });

      it("accepts application/json with a UTF-8 charset", async () => {
        const a = await app();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: { "content-type": "Application/JSON; charset=UTF-8" },
          payload: JSON.stringify(validContact),
        });
        expect(res.statusCode).toBe(201);
      });

      it("413 for a body over its contract's largest, 201 for the largest valid one however encoded", async () => {
        const a = await app();
        const limit = bodyLimitOf(leadSchemas.contact).bytes;
        const big = JSON.stringify({ ...validContact, message: "x".repeat(limit) });
        const res = await a.inject({ method: "POST", url: "/contact", headers: json, payload: big });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ error: "payload_too_large" });
        await nothingStored();
        // Every character of the longest message as a JSON escape: 30 KB, valid, stored.
        const emoji = "\\ud83e\\udd84".repeat(LIMITS.message / 2);
        const ok = JSON.stringify({ ...validContact, message: "@" }).replace('"@"', `"${emoji}"`);
        expect(Buffer.byteLength(ok)).toBeGreaterThan(16 * 1024);
        expect(Buffer.byteLength(ok)).toBeLessThan(limit);
        expect(
          (await a.inject({ method: "POST", url: "/contact", headers: json, payload: ok })).statusCode,
        ).toBe(201);
      });

      it.each([
        ["malformed JSON", "{ name: 'Ada' "],
        ["an empty body", ""],
        ["trailing garbage", `${JSON.stringify(validContact)}x`],
      ])("400 invalid_json for %s", async (_label, payload) => {
        const a = await app();
        const res = await a.inject({ method: "POST", url: "/contact", headers: json, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: "invalid_json" });
        await nothingStored();
      });

      const contactCases: [string, Record<string, unknown>, string][] = [
        ["missing name", { name: undefined }, "name"],
        ["blank name", { name: "   " }, "name"],
        ["name too long", { name: "a".repeat(201) }, "name"],
        ["name with CR/LF", { name: "Ada\r\nBcc: x@example.com" }, "name"],
        ["missing email", { email: undefined }, "email"],
        ["malformed email", { email: "ada@" }, "email"],
        ["email too long", { email: `${"a".repeat(250)}@example.com` }, "email"],
        ["missing phone", { phone: undefined }, "phone"],
        ["phone without digits", { phone: "call me" }, "phone"],
        ["phone too long", { phone: "1".repeat(41) }, "phone"],
        ["missing message", { message: undefined }, "message"],
        ["message too long", { message: "m".repeat(5001) }, "message"],
        ["message of the wrong type", { message: 42 }, "message"],
        ["a C1 control (U+0085) in the name", { name: "Ada\u0085Bcc: x@example.com" }, "name"],
        ["a C1 control (U+009B, CSI) in the message", { message: "a\u009b31m b" }, "message"],
        ["a bidi override in the name", { name: "Ada \u202egpj.exe" }, "name"],
        ["a bidi isolate in the phone", { phone: "\u2066020 7946 0000\u2069" }, "phone"],
        ["a line separator (U+2028) in the name", { name: "Ada\u2028Lovelace" }, "name"],
      ];
      it.each(contactCases)("contact: 400 for %s", async (_label, patch, field) => {
        const a = await app();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: { ...validContact, ...patch },
        });
        expect(res.statusCode).toBe(400);
        const body = res.json<{ error: string; fields: Record<string, string[]> }>();
        expect(body.error).toBe("validation_failed");
        expect(Object.keys(body.fields)).toEqual([field]);
        expect(body.fields[field]![0]).toEqual(expect.any(String));
        await nothingStored();
      });

      const quotationCases: [string, Record<string, unknown>, string][] = [
        ["missing service", { service: undefined }, "service"],
        ["unknown service", { service: "software-solutions" }, "service"],
        ["company too long", { company: "c".repeat(201) }, "company"],
        ["company with a line break", { company: "Acme\nLtd" }, "company"],
        ["company with a bidi override", { company: "Acme\u202d Ltd" }, "company"],
        ["details with a C1 control", { details: "x\u0085y" }, "details"],
        ["details too long", { details: "d".repeat(5001) }, "details"],
        ["missing name", { name: undefined }, "name"],
      ];
      it.each(quotationCases)("quotation: 400 for %s", async (_label, patch, field) => {
        const a = await app("quotation");
        const res = await a.inject({
          method: "POST",
          url: "/quotation",
          headers: json,
          payload: { ...validQuotation, ...patch },
        });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual([field]);
        await nothingStored();
      });

      it("reports every failing field at once", async () => {
        const a = await app("quotation");
        const res = await a.inject({ method: "POST", url: "/quotation", headers: json, payload: {} });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json<{ fields: object }>().fields).sort()).toEqual([
          "email",
          "name",
          "phone",
          "service",
        ]);
      });

      it("survives hostile and odd bodies without a 5xx", async () => {
        const a = await app();
        const q = await app("quotation");
        const deep = `${"[".repeat(3000)}${"]".repeat(3000)}`;
        const bodies: string[] = [
          "[]",
          "null",
          "0",
          "-1e309",
          '"a string"',
          "true",
          "{}",
          deep,
          JSON.stringify({ name: [], email: {}, phone: null, message: true }),
          JSON.stringify({ name: ["Ada"], email: ["ada@example.com"], phone: [1], message: ["x"] }),
          JSON.stringify({ ...validContact, name: 12345 }),
          '{"__proto__":{"isAdmin":true},"name":"Ada"}',
          '{"constructor":{"prototype":{"polluted":true}},"name":"Ada"}',
          JSON.stringify({ ...validContact, message: "\u0000\u0001\ud800" }),
          JSON.stringify({ ...validContact, name: "\u202e\u0000" }),
          JSON.stringify({ ...validContact, email: "ada@example.com\r\nBcc: evil@example.com" }),
          JSON.stringify({ ...validContact, name: "🦄".repeat(300) }),
          JSON.stringify({ ...validContact, message: "é".repeat(7000) }),
          JSON.stringify({ ...validQuotation, service: { $ne: null } }),
          JSON.stringify({ ...validQuotation, service: "toString" }),
          JSON.stringify({ ...validQuotation, service: "__proto__" }),
        ];
        for (const payload of bodies) {
          for (const [inst, url] of [
            [a, "/contact"],
            [q, "/quotation"],
          ] as const) {
            const res = await inst.inject({ method: "POST", url, headers: json, payload });
            expect(res.statusCode, `${url} ${payload.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, `${url} ${payload.slice(0, 60)}`).toBeLessThan(500);
            expect(res.headers["content-type"]).toMatch(/^application\/json/);
          }
        }
        await nothingStored();
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      it("accepts a body with __proto__ and constructor keys like any unknown field, polluting nothing", async () => {
        const a = await app();
        const fields = JSON.stringify(validContact).slice(1, -1);
        for (const payload of [
          `{"__proto__":{"isAdmin":true},${fields}}`,
          `{${fields},"\\u005f_proto__":{"isAdmin":true}}`,
          `{"constructor":{"prototype":{"polluted":true}},${fields}}`,
          `{${fields},"website":"","nested":{"__proto__":{"isAdmin":true}}}`,
        ]) {
          const res = await a.inject({ method: "POST", url: "/contact", headers: json, payload });
          expect(res.statusCode, payload).toBe(201);
        }
        expect(await svc.count("leads")).toBe(4);
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      it("keeps bidi controls in the message, where mixed-direction text needs them", async () => {
        const a = await app();
        const message = "Our office: \u2067שלום\u2069, ok";
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: { ...validContact, message },
        });
        expect(res.statusCode).toBe(201);
        const row = await svc.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
        expect(row.message).toBe(message);
      });

      it("keeps unicode that is valid and drops unknown fields", async () => {
        const a = await app();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: { ...validContact, name: "Zoë Ñúñez 李雷", role: "admin", is_spam: 0 },
        });
        expect(res.statusCode).toBe(201);
        const row = await svc.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
        expect(row.name).toBe("Zoë Ñúñez 李雷");
        expect(Number(row.is_spam)).toBe(0);
      });

      it("404 JSON for an unknown path, 405 with Allow for a wrong method", async () => {
        const a = await app();
        const r404 = await a.inject({ method: "GET", url: "/nope?email=x" });
        expect(r404.statusCode).toBe(404);
        expect(r404.json()).toMatchObject({ error: "not_found" });
        for (const method of ["GET", "PUT", "DELETE", "PATCH"] as const) {
          const r = await a.inject({ method, url: "/contact" });
          expect(r.statusCode).toBe(405);
          expect(r.headers.allow).toBe("POST, OPTIONS");
          expect(r.json()).toMatchObject({ error: "method_not_allowed" });
        }
      });
    });
  });
});
