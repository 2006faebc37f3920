// The challenge through the services, on two instances of one database (each its own connection, so
// each loads the shared key from the database): real solves with altcha-lib at test cost, a booking
// and a chat start refused in words without a good solution, each solution accepted once by either
// instance, and a form's lead without one stored unverified with no mail to the address it typed.
import { CHALLENGE_FIELD, CHALLENGE_REFUSALS, type ChallengeRefusal } from "@site/contracts";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { type Database, openDatabase } from "../../records/database";
import { autoreplyChannel, emailChannel } from "../../records/outbox/delivery-channel";
import { OutboxWorker } from "../../records/outbox/outbox-worker";
import { createSmtpMailer } from "../mail/mailer";
import { encodePayload, issuedChallenge, solve, solvedChallenge } from "../../../test/challenge-helpers";
import { bookingBody, headers, useConsultations } from "../../../test/consultation-helpers";
import { visitor } from "../../../test/chat-helpers";
import { BACKENDS, testConfig, validContact, validQuotation } from "../../../test/helpers";
import { createSmtpPeer } from "../../../test/smtp-peer";
import { CHALLENGE_TTL_MS } from "@site/contracts";
import { purgeSpentChallenges } from "./spent-challenges";

const MAIL = { notifyTo: "sales@example.com", mailFrom: "Website <no-reply@leads.example.com>" };
const silent = { info() {}, warn() {}, error() {} };
const ENV = {
  LIVE_CHAT: "on",
  RATE_LIMIT_PER_MINUTE: "1000",
  CHAT_CONVERSATIONS_PER_HOUR: "1000",
  AUTOREPLY: "on",
};
/** Tuesday 6 January 2026, free slots of the one member (10:00 and 11:00 London). */
const SLOT = "2026-01-06T10:00:00.000Z";
const OTHER_SLOT = "2026-01-06T11:00:00.000Z";

describe.each(BACKENDS)("the proof-of-work challenge on two instances ($backend)", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const c = useConsultations(backend);
    let second: Database;
    const apps: FastifyInstance[] = [];
    beforeAll(async () => {
      second = await openDatabase(c.url, { migrate: false });
    });
    afterAll(async () => second?.close());
    beforeEach(async () => {
      await c.db.deleteFrom("spent_challenges").execute();
    });
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((a) => a.close()));
      vi.useRealTimers();
    });

    /** Instance A on the block's connection, B on a connection of its own: neither shares memory. */
    async function instances(env: Record<string, string> = {}) {
      const build = async (role: "contact" | "quotation", database: Database) => {
        const app = await buildApp(role, {
          config: testConfig({ ...ENV, ...env }),
          database,
          clock: c.clock,
        });
        apps.push(app);
        return app;
      };
      return {
        a: await build("contact", c.database),
        b: await build("contact", second),
        quotationB: await build("quotation", second),
      };
    }
    const post = (app: FastifyInstance, url: string, payload: object) =>
      app.inject({ method: "POST", url, headers, payload });
    const count = async (table: "leads" | "spent_challenges") =>
      Number(
        (
          await c.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const expectRefused = (res: { statusCode: number; json(): unknown }, refusal: ChallengeRefusal) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: refusal, message: CHALLENGE_REFUSALS[refusal] });
    };

    it.skipIf(skip)(
      "a challenge from one instance is solved and accepted by the other, then refused as used by both",
      async () => {
        await c.member("Maya Perera");
        const { a, b } = await instances();
        const booking = await solve(await issuedChallenge(a));
        expect(
          (await post(b, "/consultation", { ...bookingBody(SLOT), [CHALLENGE_FIELD]: booking })).statusCode,
        ).toBe(201);
        const again = {
          ...bookingBody(OTHER_SLOT, { email: "eve@example.com" }),
          [CHALLENGE_FIELD]: booking,
        };
        expectRefused(await post(a, "/consultation", again), "challenge_used");
        expectRefused(await post(b, "/consultation", again), "challenge_used");

        const chat = await solve(await issuedChallenge(b));
        expect(
          (await post(a, "/chat/conversations", { ...visitor(), [CHALLENGE_FIELD]: chat })).statusCode,
        ).toBe(201);
        expectRefused(
          await post(b, "/chat/conversations", { ...visitor(), [CHALLENGE_FIELD]: chat }),
          "challenge_used",
        );
        expect(await count("leads")).toBe(2);
      },
    );

    it.skipIf(skip)("one solution sent to both instances at once books exactly one meeting", async () => {
      await c.member("Maya Perera");
      const { a, b } = await instances();
      const payload = await solvedChallenge(a);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post(i % 2 ? a : b, "/consultation", {
            ...bookingBody(i % 2 ? SLOT : OTHER_SLOT, { email: `v${i}@example.com` }),
            [CHALLENGE_FIELD]: payload,
          }),
        ),
      );
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, ...Array(11).fill(403)]);
      for (const r of answers.filter((x) => x.statusCode === 403)) expectRefused(r, "challenge_used");
      expect(await count("leads")).toBe(1);
    });

    it.skipIf(skip)(
      "refuses a booking and a chat start without a solution, or with a tampered, a foreign or an expired one, in words, storing nothing",
      async () => {
        await c.member("Maya Perera");
        const { a, b } = await instances();
        const issued = await issuedChallenge(a);
        const good = JSON.parse(Buffer.from(await solve(issued), "base64").toString()) as {
          challenge: typeof issued;
          solution: { counter: number; derivedKey: string };
        };
        const tampered = encodePayload({
          ...good,
          challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 100_000 } },
        });
        const wrongKey = encodePayload({
          ...good,
          solution: { ...good.solution, derivedKey: "ab".repeat(32) },
        });
        // Signed with another key: an instance whose CHALLENGE_SECRET is not the database's.
        const foreignApp = await buildApp("contact", {
          config: testConfig({ ...ENV, CHALLENGE_SECRET: "x".repeat(32) }),
          database: second,
          clock: c.clock,
        });
        apps.push(foreignApp);
        const foreign = await solvedChallenge(foreignApp);
        const cases: [unknown, ChallengeRefusal][] = [
          [undefined, "challenge_missing"],
          ["", "challenge_missing"],
          [tampered, "challenge_invalid"],
          [wrongKey, "challenge_invalid"],
          [foreign, "challenge_invalid"],
          [{ challenge: good.challenge, solution: good.solution }, "challenge_invalid"],
        ];
        for (const [value, refusal] of cases) {
          const extra = value === undefined ? {} : { [CHALLENGE_FIELD]: value };
          expectRefused(await post(a, "/consultation", { ...bookingBody(SLOT), ...extra }), refusal);
          expectRefused(await post(b, "/chat/conversations", { ...visitor(), ...extra }), refusal);
        }
        const late = await solvedChallenge(a);
        vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + CHALLENGE_TTL_MS + 1000 });
        expectRefused(
          await post(b, "/consultation", { ...bookingBody(SLOT), [CHALLENGE_FIELD]: late }),
          "challenge_expired",
        );
        expect([await count("leads"), await count("spent_challenges")]).toEqual([0, 0]);
      },
    );

    it.skipIf(skip)(
      "a form's lead without a good, unused solution is stored unverified: the team is mailed, the address it typed is not",
      async () => {
        const peer = await createSmtpPeer();
        await peer.start();
        try {
          const { a, quotationB } = await instances();
          const contact = (email: string, extra: object = {}, key?: string) =>
            a.inject({
              method: "POST",
              url: "/contact",
              headers: { ...headers, ...(key ? { "idempotency-key": key } : {}) },
              payload: { ...validContact, email, ...extra },
            });
          const solution = await solvedChallenge(a);
          const verified = await contact("verified@example.com", { [CHALLENGE_FIELD]: solution }, "k-1");
          // A retry of it with a new solution is the same request: the first answer, nothing new.
          const retry = await contact(
            "verified@example.com",
            { [CHALLENGE_FIELD]: await solvedChallenge(a) },
            "k-1",
          );
          const none = await contact("typed@example.com");
          const garbage = await contact("garbage@example.com", { [CHALLENGE_FIELD]: { not: "a payload" } });
          // The spent solution again, on the other instance and the other service: unverified.
          const replayed = await quotationB.inject({
            method: "POST",
            url: "/quotation",
            headers,
            payload: { ...validQuotation, email: "replayed@example.com", [CHALLENGE_FIELD]: solution },
          });
          for (const r of [verified, none, garbage, replayed]) expect(r.statusCode, r.body).toBe(201);
          expect(retry.statusCode).toBe(201);
          expect(retry.json()).toEqual(verified.json());
          expect(retry.headers["idempotent-replayed"]).toBe("true");

          const rows = await c.db
            .selectFrom("leads")
            .select(["email", "unverified"])
            .orderBy("email")
            .execute();
          expect(rows.map((r) => [r.email, Number(r.unverified)])).toEqual([
            ["garbage@example.com", 1],
            ["replayed@example.com", 1],
            ["typed@example.com", 1],
            ["verified@example.com", 0],
          ]);

          const mailer = createSmtpMailer(peer.url);
          const worker = new OutboxWorker({
            database: c.database,
            channels: { email: emailChannel(mailer, MAIL), autoreply: autoreplyChannel(mailer, MAIL) },
            logger: silent,
            clock: c.clock,
            random: () => 0.5,
          });
          await worker.runOnce();
          await worker.stop();
          const to = peer.mails.map((m) => m.envelope.to[0]).sort();
          expect(to).toEqual([
            "sales@example.com",
            "sales@example.com",
            "sales@example.com",
            "sales@example.com",
            "verified@example.com",
          ]);
        } finally {
          await peer.stop();
        }
      },
    );

    it.skipIf(skip)(
      "issues a client six challenges a minute per post RATE_LIMIT_PER_MINUTE allows, then 429; other clients still get theirs",
      async () => {
        const { a } = await instances({ RATE_LIMIT_PER_MINUTE: "1" });
        const get = (remoteAddress: string) => a.inject({ method: "GET", url: "/challenge", remoteAddress });
        for (let i = 0; i < 6; i++) expect((await get("203.0.113.7")).statusCode).toBe(200);
        const refused = await get("203.0.113.7");
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
        expect(refused.json()).toMatchObject({ error: "rate_limited" });
        expect((await get("203.0.113.8")).statusCode).toBe(200);
      },
    );

    it.skipIf(skip)("forgets spent solutions once their challenge has expired", async () => {
      const { a } = await instances();
      await post(a, "/contact", { ...validContact, [CHALLENGE_FIELD]: await solvedChallenge(a) });
      expect(await count("spent_challenges")).toBe(1);
      expect(await purgeSpentChallenges(c.db, new Date())).toBe(0);
      expect(await purgeSpentChallenges(c.db, new Date(Date.now() + CHALLENGE_TTL_MS + 1000))).toBe(1);
      expect(await count("spent_challenges")).toBe(0);
    });
  });
});
