import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp, type Role } from "../src/app";
import { ManualClock } from "../src/leads/clock";
import { LEAD_ID_PATTERN } from "../src/leads/ids";
import {
  BACKENDS,
  openTestDatabase,
  type TestDatabase,
  testConfig,
  validContact,
  validQuotation,
} from "./helpers";

const ORIGIN = "http://localhost:3000";
const json = { "content-type": "application/json" };

describe.each(BACKENDS)("lead services on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    let t: TestDatabase;
    let clock: ManualClock;
    const apps: FastifyInstance[] = [];
    const woken: string[] = [];

    async function app(role: Role = "contact", env: Record<string, string> = {}) {
      const a = await buildApp(role, {
        config: testConfig({ RATE_LIMIT_PER_MINUTE: "1000", ...env }),
        database: t.database,
        clock,
        onLeadStored: (id) => woken.push(id),
      });
      apps.push(a);
      return a;
    }
    async function count(table: "leads" | "outbox" | "idempotency_keys") {
      const r = await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    }
    async function nothingStored() {
      expect([await count("leads"), await count("outbox"), await count("idempotency_keys")]).toEqual([
        0, 0, 0,
      ]);
    }

    beforeAll(async () => {
      t = await openTestDatabase(backend);
    });
    afterAll(async () => {
      await t.cleanup();
    });
    beforeEach(async () => {
      clock = new ManualClock();
      woken.length = 0;
      await t.database.db.deleteFrom("outbox").execute();
      await t.database.db.deleteFrom("idempotency_keys").execute();
      await t.database.db.deleteFrom("leads").execute();
    });
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((a) => a.close()));
    });

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

        const lead = await t.database.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
        expect(lead).toMatchObject({
          id: body.id,
          kind: "contact",
          name: "Ada Lovelace",
          email: validContact.email,
          phone: validContact.phone,
          message: validContact.message,
          company: null,
          service: null,
          created_at: clock.now().toISOString(),
        });
        expect(Number(lead.is_spam)).toBe(0);
        const outbox = await t.database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
        expect(outbox).toMatchObject({
          lead_id: body.id,
          sent_at: null,
          next_attempt_at: clock.now().toISOString(),
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
        const rows = await t.database.db
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
          clock.advance(1);
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

      it("413 for a body over 16 KB, 201 just under", async () => {
        const a = await app();
        const big = JSON.stringify({ ...validContact, message: "x".repeat(16 * 1024) });
        const res = await a.inject({ method: "POST", url: "/contact", headers: json, payload: big });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ error: "payload_too_large" });
        await nothingStored();
        const ok = JSON.stringify({ ...validContact, message: "y".repeat(5000) });
        expect(Buffer.byteLength(ok)).toBeLessThan(16 * 1024);
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
        ["honeypot of the wrong type", { website: ["x"] }, "website"],
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
          '{"__proto__":{"isAdmin":true},"name":"Ada","email":"ada@example.com","phone":"020 7946 0000","message":"x"}',
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

      it("keeps unicode that is valid and drops unknown fields", async () => {
        const a = await app();
        const res = await a.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: { ...validContact, name: "Zoë Ñúñez 李雷", role: "admin", is_spam: 0 },
        });
        expect(res.statusCode).toBe(201);
        const row = await t.database.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
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

      it("accepts requests without an Origin (server to server, curl)", async () => {
        const a = await app();
        const res = await a.inject({ method: "POST", url: "/contact", headers: json, payload: validContact });
        expect(res.statusCode).toBe(201);
      });
    });

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
        const a = await buildApp("contact", { config: testConfig(), database: t.database, clock });
        apps.push(a);
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
        const row = await t.database.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
        expect(Number(row.is_spam)).toBe(1);
        expect(await count("outbox")).toBe(0);
        expect(woken).toEqual([]);
      });

      it("an empty honeypot is not spam", async () => {
        const a = await app();
        await a.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: { ...validContact, website: "" },
        });
        const row = await t.database.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
        expect(Number(row.is_spam)).toBe(0);
        expect(await count("outbox")).toBe(1);
      });
    });

    describe("Idempotency-Key", () => {
      const post = (a: FastifyInstance, key: string, payload: object = validContact) =>
        a.inject({ method: "POST", url: "/contact", headers: { ...json, "idempotency-key": key }, payload });

      it("replays the first answer within 24 h and stores nothing new", async () => {
        const a = await app();
        const first = await post(a, "k-123e4567");
        clock.advance(23 * 60 * 60 * 1000);
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
        clock.advance(24 * 60 * 60 * 1000 + 1);
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

    describe("health", () => {
      it("healthz, readyz, and readyz 503 with a hidden 500 when the database is gone", async () => {
        const own = await openTestDatabase(backend);
        try {
          const a = await buildApp("contact", { config: testConfig(), database: own.database, clock });
          apps.push(a);
          expect((await a.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
          const ready = await a.inject({ url: "/readyz" });
          expect([ready.statusCode, ready.json()]).toEqual([200, { status: "ok" }]);
          await own.database.close();
          const gone = await a.inject({ url: "/readyz" });
          expect([gone.statusCode, gone.json()]).toEqual([503, { status: "unavailable" }]);
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

describe("logging", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase("sqlite");
  });
  afterAll(async () => t.cleanup());

  it("logs the lead id and never the person's name, e-mail, phone or message", async () => {
    const lines: string[] = [];
    const person = {
      name: "Zebedee Quillfeather",
      email: "zebedee.q@example.org",
      phone: "+44 20 7946 0999",
      message: "Confidential-9f3a: please call about the tender.",
    };
    const a = await buildApp("contact", {
      config: testConfig({ LOG_LEVEL: "trace", RATE_LIMIT_PER_MINUTE: "1000" }),
      database: t.database,
      logStream: { write: (l) => void lines.push(l) },
    });
    try {
      const ok = await a.inject({
        method: "POST",
        url: "/contact?email=zebedee.q@example.org",
        headers: json,
        payload: person,
      });
      const id = ok.json<{ id: string }>().id;
      await a.inject({
        method: "POST",
        url: "/contact",
        headers: json,
        payload: { ...person, email: "zebedee.q@" },
      });
      await a.inject({
        method: "POST",
        url: "/contact",
        headers: json,
        payload: `{"name":"${person.name}",`,
      });
      await a.inject({
        method: "POST",
        url: "/contact",
        headers: { ...json, "idempotency-key": "k1" },
        payload: person,
      });
      await a.inject({
        method: "POST",
        url: "/contact",
        headers: { ...json, "idempotency-key": "k1" },
        payload: person,
      });
      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(5);
      expect(log).toContain(id);
      for (const value of [
        person.name,
        "Zebedee",
        person.email,
        "zebedee.q",
        person.phone,
        "7946 0999",
        "Confidential-9f3a",
      ]) {
        expect(log).not.toContain(value);
      }
    } finally {
      await a.close();
    }
  });
});
