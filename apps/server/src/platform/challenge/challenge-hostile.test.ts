// Hostile values of the challenge field, as a property (fast-check), against the four routes that read
// it: wrong types, garbage, base64 of any JSON, real payloads with one part changed, fresh solutions
// and replays of them. Never a 5xx; a booking or a chat start is refused with the refusal the rules
// give and stores nothing; a form's lead is always taken, unverified unless its solution is fresh,
// with a confirmation queued only for a verified one; each solution is spent at most once.
// FC_SEED (and FC_PATH) replay a failure; FC_RUNS changes the number of runs.
import { CHALLENGE_FIELD, CHALLENGE_REFUSALS, type ChallengeRefusal } from "@site/contracts";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import { encodePayload, issuedChallenge, solve } from "../../../test/challenge-helpers";
import { visitor } from "../../../test/chat-helpers";
import { bookingBody, headers, useConsultations } from "../../../test/consultation-helpers";
import { BACKENDS, testConfig, validContact, validQuotation } from "../../../test/helpers";
import { buildApp } from "../../app";

const RUNS = { sqlite: 120, postgres: 40 };
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const ENV = {
  LIVE_CHAT: "on",
  AUTOREPLY: "on",
  RATE_LIMIT_PER_MINUTE: "1000000",
  CHAT_CONVERSATIONS_PER_HOUR: "1000000",
};
const ROUTES = ["/contact", "/quotation", "/consultation", "/chat/conversations"] as const;
/** Free slots of the one member on Tuesday and Wednesday (London), for the bookings that get through. */
const SLOTS = ["2026-01-06T10:00:00.000Z", "2026-01-06T14:00:00.000Z", "2026-01-07T10:00:00.000Z"];

/** What a request carries in the field: built from a fresh solution when the run needs one. */
type Value =
  | { type: "absent" }
  | { type: "raw"; value: unknown; missing: boolean }
  | { type: "fresh" }
  | { type: "replay"; of: number }
  | { type: "changed"; change: number };

const PARAMETER_CHANGES = [
  (p: Record<string, unknown>) => ({ ...p, cost: Number(p.cost) + 1 }),
  (p: Record<string, unknown>) => ({ ...p, expiresAt: Number(p.expiresAt) + 60 }),
  (p: Record<string, unknown>) => ({ ...p, keyPrefix: "00".repeat(16) }),
  (p: Record<string, unknown>) => ({ ...p, nonce: "11".repeat(16) }),
  (p: Record<string, unknown>) => ({ ...p, algorithm: "SHA-1" }),
  (p: Record<string, unknown>) => ({ ...p, keySignature: undefined }),
  (p: Record<string, unknown>) => ({ ...p, __proto__: { cost: 1 }, constructor: "x" }),
];

const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ type: "absent" as const }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, "").map((v) => ({ type: "raw" as const, value: v, missing: true })),
  },
  {
    weight: 4,
    arbitrary: fc
      .oneof(
        fc.anything(),
        fc.string({ maxLength: 3000 }),
        fc.base64String({ maxLength: 400 }),
        fc.json().map((j) => Buffer.from(j).toString("base64")),
        fc
          .record({ challenge: fc.anything(), solution: fc.anything() })
          .map((o) => Buffer.from(JSON.stringify(o)).toString("base64")),
      )
      .filter((v) => v !== undefined && v !== null && v !== "")
      .map((v) => ({ type: "raw" as const, value: v, missing: false })),
  },
  { weight: 4, arbitrary: fc.constant({ type: "fresh" as const }) },
  { weight: 2, arbitrary: fc.nat().map((of) => ({ type: "replay" as const, of })) },
  {
    weight: 3,
    arbitrary: fc
      .nat({ max: PARAMETER_CHANGES.length + 2 })
      .map((change) => ({ type: "changed" as const, change })),
  },
);

const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  value,
  slot: fc.nat({ max: SLOTS.length - 1 }),
});

describe.each(BACKENDS)("hostile challenge values ($backend)", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const c = useConsultations(backend);
    beforeEach(async () => {
      await c.db.deleteFrom("spent_challenges").execute();
    });

    it(
      "answers every value as the rules say, never 5xx, and stores only what they let through",
      { timeout: 300_000 },
      async () => {
        await c.member("Maya Perera");
        const app: FastifyInstance = await c.contact(ENV);
        const quotation = await buildApp("quotation", {
          config: testConfig(ENV),
          database: c.database,
          clock: c.clock,
        });
        let n = 0;
        const property = fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 8 }), async (reqs) => {
          const accepted: string[] = []; // solutions that passed a check (spent, or a form's lead verified)
          for (const r of reqs) {
            n++;
            // The field's value, and what the rules make of it.
            let field: unknown;
            let expected: ChallengeRefusal | "ok";
            if (r.value.type === "absent") [field, expected] = [undefined, "challenge_missing"];
            else if (r.value.type === "raw")
              [field, expected] = [
                r.value.value,
                r.value.missing ? "challenge_missing" : "challenge_invalid",
              ];
            else if (r.value.type === "replay" && accepted.length > 0)
              [field, expected] = [accepted[r.value.of % accepted.length], "challenge_used"];
            else if (r.value.type === "changed") {
              const issued = await issuedChallenge(app);
              const good = JSON.parse(Buffer.from(await solve(issued), "base64").toString()) as {
                challenge: { parameters: Record<string, unknown>; signature: string };
                solution: { counter: number; derivedKey: string };
              };
              const k = r.value.change;
              const change = PARAMETER_CHANGES[k];
              field = change
                ? encodePayload({
                    ...good,
                    challenge: { ...good.challenge, parameters: change(good.challenge.parameters) },
                  })
                : k === PARAMETER_CHANGES.length
                  ? encodePayload({ ...good, solution: { ...good.solution, derivedKey: "0".repeat(64) } })
                  : encodePayload({ ...good, challenge: { ...good.challenge, signature: "f".repeat(64) } });
              expected = "challenge_invalid";
            } else [field, expected] = [await solve(await issuedChallenge(app)), "ok"];

            const leadsBefore = await count("leads");
            const email = `v${n}@example.com`;
            const base =
              r.route === "/contact"
                ? { ...validContact, email }
                : r.route === "/quotation"
                  ? { ...validQuotation, email }
                  : r.route === "/consultation"
                    ? bookingBody(SLOTS[r.slot]!, { email })
                    : visitor({ email });
            const body = field === undefined ? base : { ...base, [CHALLENGE_FIELD]: field };
            const res = await (r.route === "/quotation" ? quotation : app).inject({
              method: "POST",
              url: r.route,
              headers,
              payload: body,
            });
            expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
            const isForm = r.route === "/contact" || r.route === "/quotation";
            if (expected === "ok") accepted.push(field as string);
            if (isForm) {
              expect(res.statusCode, res.body).toBe(201);
              const { id } = res.json<{ id: string }>();
              const row = await c.db
                .selectFrom("leads")
                .select("unverified")
                .where("id", "=", id)
                .executeTakeFirstOrThrow();
              expect(Number(row.unverified)).toBe(expected === "ok" ? 0 : 1);
              const confirmation = await c.db
                .selectFrom("outbox")
                .select("channel")
                .where("lead_id", "=", id)
                .where("channel", "=", "autoreply")
                .execute();
              expect(confirmation.length).toBe(expected === "ok" ? 1 : 0);
            } else if (expected === "ok") {
              // Past the challenge: the route's own answer (a taken slot is a 409, not a refusal).
              expect(res.statusCode, res.body).not.toBe(403);
            } else {
              expect(res.statusCode, res.body).toBe(403);
              expect(res.json()).toEqual({ error: expected, message: CHALLENGE_REFUSALS[expected] });
              expect(await count("leads")).toBe(leadsBefore);
            }
          }
          expect(await count("spent_challenges")).toBe(new Set(accepted).size);
          await c.db.deleteFrom("spent_challenges").execute();
        });
        const runs = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : RUNS[backend];
        await fc.assert(property, {
          numRuns: runs,
          seed,
          ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
        });
        await quotation.close();
        console.info(`hostile challenge values on ${backend}: ${n} requests in ${runs} runs, seed ${seed}`);
      },
    );

    async function count(table: "leads" | "spent_challenges") {
      const r = await c.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    }
  });
});
