import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bookedMeetingSchema,
  CONSULTATION_ERRORS,
  consultationRefusalSchema,
} from "@site/contracts/consultation";
import { BACKENDS } from "../../test/helpers";
import { useConsultations } from "../../test/consultation-helpers";
import { bodyBytes } from "../../test/hostile-input";
import {
  bookingRequest,
  type BookingRequest,
  withChallengeValue,
  withToken,
} from "../../test/hostile-booking";
import { solvedChallenge } from "../../test/challenge-helpers";
import {
  BookingModel,
  type Expected,
  type ModelMeeting,
  challengeRefusal,
  PER_CLIENT,
  workedSlot,
} from "../../test/hostile-booking-model";
import { signLink } from "./link-token";

/**
 * Hostile input to the consultation API as a property (issue 33, item 8): generated bodies, headers,
 * tokens and clients go to booking, confirm, lookup, reschedule and cancel on two instances of one
 * database, on a fake clock that moves on (holds lapse); every answer must be the one the rules give
 * (hostile-booking-model.ts), never a 5xx, in the documented shape, and what is stored must keep every
 * rule: no overlap, the daily cap, a worked slot, 2 upcoming per address and per client, one a day per
 * address, no invitation before confirmation. FC_SEED (and FC_PATH) replay a failure; FC_RUNS changes
 * the number of runs.
 */
const RUNS = { sqlite: 250, postgres: 100 };
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const MONDAY = new Date("2026-01-05T06:00:00.000Z");
const TABLES = ["consultation_cells", "consultation_seats", "consultation_address_days", "consultation_upcoming", "consultations", "outbox", "lead_events", "leads"] as const; // prettier-ignore
const PATHS = { book: "/consultation", confirm: "/consultation/confirm", lookup: "/consultation/lookup", cancel: "/consultation/cancel", reschedule: "/consultation/reschedule" }; // prettier-ignore

const run = fc.record({
  confirmEmail: fc.oneof(
    { weight: 3, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
  requests: fc.array(bookingRequest, { minLength: 1, maxLength: 14 }),
});

describe.each(BACKENDS)("hostile input to the consultation API on $backend", ({ backend, skip }) => {
  const c = useConsultations(backend);

  it.skipIf(skip)(
    "answers every generated request as the rules say and stores only what they allow",
    { timeout: 600_000 },
    async () => {
      await c.member("Maya Perera", "Europe/London");
      await c.member("Nimal Silva", "Asia/Colombo");
      const env = { RATE_LIMIT_PER_MINUTE: "1000000", CONSULTATIONS_PER_CLIENT: String(PER_CLIENT) };
      const apps = { 1: await c.contact(env), 2: await c.contact(env, { instance: 2 }) };
      // The links' key exists once anything has been signed: a lookup makes it.
      await apps[1].inject({
        method: "POST",
        url: PATHS.lookup,
        headers: { "content-type": "application/json" },
        payload: { token: `${"0".repeat(36)}.${"A".repeat(43)}` },
      });
      const secret = await c.linkSecret();
      const outcomes = new Map<string, number>();
      let requests = 0;

      /** The token a request carries, as JSON text, and what the model knows of it. */
      function token(req: BookingRequest, model: BookingModel) {
        const spec = req.token!;
        const purpose = req.path === "confirm" ? "confirm" : "manage";
        if (spec.kind === "text") return { text: spec.text, purposeOk: false, unknown: false };
        if (spec.kind === "unknown" || model.meetings.length === 0) {
          return {
            text: JSON.stringify(signLink(secret, "01990000-0000-7000-8000-0000000000ff", purpose)),
            purposeOk: true,
            unknown: true,
          };
        }
        const meeting = model.meetings[model.meetings.length - 1 - (spec.index % model.meetings.length)]!;
        const other = purpose === "confirm" ? "manage" : "confirm";
        const used = spec.kind === "swapped" ? other : spec.kind === "tampered" ? purpose : spec.kind;
        let t = signLink(secret, meeting.id, used);
        if (spec.kind === "tampered") t = t.slice(0, -1) + (t.endsWith("A") ? "B" : "A");
        return {
          text: JSON.stringify(t),
          purposeOk: used === purpose && spec.kind !== "tampered",
          unknown: false,
          meeting,
        };
      }

      function checkAnswer(exp: Expected, status: number, body: Record<string, unknown>, text: string) {
        expect(status, text).toBeLessThan(500);
        if ("exact" in exp) expect(status, text).toBe(exp.exact);
        else
          expect(Object.keys(exp.oneOf).map(Number), `${status} ${JSON.stringify(body)}`).toContain(status);
        if (status === 200 || status === 201) {
          const meeting = bookedMeetingSchema.strict().parse(body);
          const stands = meeting.status === "confirmed" || meeting.status === "cancelled";
          expect(meeting.token !== undefined && meeting.ics !== undefined).toBe(stands);
          expect(meeting.confirmBy !== undefined).toBe(meeting.status === "pending");
          return;
        }
        if (status === 400 && body.error === "validation_failed") {
          expect(Object.keys(body)).toEqual(["error", "fields"]);
          if ("exact" in exp) expect(Object.keys(body.fields as object).sort()).toEqual(exp.fields);
          return;
        }
        const expectedError = "exact" in exp ? exp.error : undefined;
        if (expectedError) expect(body.error, JSON.stringify(body)).toBe(expectedError);
        else expect((exp as { oneOf: Record<number, string[]> }).oneOf[status]).toContain(body.error);
        if ((CONSULTATION_ERRORS as readonly unknown[]).includes(body.error))
          consultationRefusalSchema.strict().parse(body);
        else expect(Object.keys(body).sort()).toEqual(["error", "message"]);
        expect(typeof body.message === "string" && body.message.length > 10).toBe(true);
      }

      /** What is stored keeps every rule, and is exactly what the model saw accepted. */
      async function checkStored(model: BookingModel) {
        const now = model.now.toISOString();
        const leads = await c.db.selectFrom("leads").selectAll().execute();
        expect(leads.map((l) => l.id).sort()).toEqual(
          [...model.meetings.map((m) => m.id), ...model.spam.keys()].sort(),
        );
        const rows = await c.db.selectFrom("consultations").selectAll().execute();
        expect(rows.map((r) => r.lead_id).sort()).toEqual(model.meetings.map((m) => m.id).sort());
        const outbox = await c.db.selectFrom("outbox").select(["lead_id", "channel"]).execute();
        for (const m of model.meetings) {
          const r = rows.find((x) => x.lead_id === m.id)!;
          expect({ status: r.status, start: r.starts_at }).toEqual({ status: m.status, start: m.start });
          const lead = leads.find((l) => l.id === m.id)!;
          expect(Number(lead.is_spam)).toBe(m.confirmed ? 0 : 1);
          expect({ name: lead.name, email: lead.email, service: lead.service }).toEqual({
            name: m.lead.name,
            email: m.lead.email,
            service: m.lead.service,
          });
          const channels = outbox.filter((o) => o.lead_id === m.id).map((o) => o.channel);
          // No invitation before the address is confirmed.
          if (!m.confirmed)
            expect(
              channels.filter((ch) => ch !== "confirm-link"),
              m.id,
            ).toEqual([]);
          if (m.status === "cancelled") {
            for (const t of [
              "consultation_cells",
              "consultation_seats",
              "consultation_address_days",
              "consultation_upcoming",
            ] as const)
              expect(
                await c.db.selectFrom(t).select("lead_id").where("lead_id", "=", m.id).execute(),
                t,
              ).toEqual([]);
          }
        }
        for (const id of model.spam.keys()) expect(outbox.filter((o) => o.lead_id === id)).toEqual([]);
        const live = model.meetings.filter((m) => model.holdsDay(m));
        for (const m of live) {
          expect(workedSlot(m.start), m.start).toBe(true);
          const cells = await c.db
            .selectFrom("consultation_cells")
            .select("cell")
            .where("lead_id", "=", m.id)
            .where((eb) => eb.or([eb("held_until", "is", null), eb("held_until", ">", now)]))
            .execute();
          expect(cells, m.id).toHaveLength(3);
        }
        // No member's two standing meetings closer than the buffer; at most 4 a member-day.
        const byMember = new Map<string, number[]>();
        for (const m of live) {
          const staff = rows.find((r) => r.lead_id === m.id)!.staff_id;
          byMember.set(staff, [...(byMember.get(staff) ?? []), Date.parse(m.start)].sort());
        }
        for (const starts of byMember.values()) {
          for (let i = 1; i < starts.length; i++)
            expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(45 * 60_000);
        }
        const upcoming = model.meetings.filter((m) => model.upcoming(m));
        const counts = (key: (m: ModelMeeting) => string, of: ModelMeeting[]) => {
          const n = new Map<string, number>();
          for (const m of of) n.set(key(m), (n.get(key(m)) ?? 0) + 1);
          return Math.max(0, ...n.values());
        };
        expect(counts((m) => m.address, upcoming)).toBeLessThanOrEqual(2);
        expect(counts((m) => m.client, upcoming)).toBeLessThanOrEqual(PER_CLIENT);
        expect(
          counts(
            (m) =>
              `${m.address} ${new Date(m.start).toLocaleDateString("en-CA", { timeZone: "Europe/London" })}`,
            live,
          ),
        ).toBeLessThanOrEqual(1);
      }

      const property = fc.asyncProperty(run, async ({ confirmEmail, requests: reqs }) => {
        for (const t of TABLES) await c.db.deleteFrom(t).execute();
        await c.db
          .updateTable("consultation_settings")
          .set({ confirm_email: confirmEmail ? 1 : 0 })
          .execute();
        c.clock.set(MONDAY);
        const model = new BookingModel(c.clock.now(), confirmEmail);
        /** The solution of the last booking that reached its checks (spent there). */
        let spent: string | undefined;
        for (const req of reqs) {
          c.clock.advance(req.advance * 60_000);
          model.now = c.clock.now();
          const tok = req.token ? token(req, model) : undefined;
          const spec = req.challenge === "reused" && !spent ? "solved" : req.challenge;
          const solution =
            spec === "solved"
              ? await solvedChallenge(apps[req.instance])
              : spec === "reused"
                ? spent
                : undefined;
          const value = solution
            ? JSON.stringify(solution)
            : spec === "empty"
              ? '""'
              : '"bm90IGEgc29sdXRpb24="';
          const text = tok ? withToken(req.text, tok.text) : withChallengeValue(req.text, value);
          const refusal = challengeRefusal(bodyBytes(text, req.encoding), solution, spec === "reused");
          const [exp, resolved] = model.expect(req, text, tok, refusal);
          const headers: Record<string, string> = {};
          if (req.contentType.value !== undefined) headers["content-type"] = req.contentType.value;
          if (req.origin.value !== undefined) headers.origin = req.origin.value;
          const res = await apps[req.instance].inject({
            method: "POST",
            url: PATHS[req.path],
            headers,
            remoteAddress: req.ip,
            payload: bodyBytes(text, req.encoding),
          });
          requests++;
          const body = JSON.parse(res.body) as Record<string, unknown>;
          const key = `${req.path} ${res.statusCode} ${String(body.error ?? body.status ?? "")}`;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          checkAnswer(exp, res.statusCode, body, `${req.path} ${text.slice(0, 300)}`);
          if (spec === "solved" && ![400, 403, 413, 415].includes(res.statusCode)) spent = solution;
          model.answered(req, resolved, res.statusCode, body);
        }
        expect(model.violations, model.violations.join("; ")).toEqual([]);
        await checkStored(model);
      });
      const runs = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : RUNS[backend];
      const started = Date.now();
      async function check(runSeed: number, numRuns: number) {
        const details = await fc.check(property, {
          numRuns,
          seed: runSeed,
          ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
        });
        if (details.failed) {
          throw new Error(
            `hostile consultation input on ${backend}: ${fc.defaultReportMessage(details)}\nReplay: FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath} npx vitest run apps/server/src/consultations/consultations-hostile-input.test.ts`,
            { cause: details.errorInstance },
          );
        }
      }
      await check(seed, runs);
      // The runs reach every path and the answers that matter, not only the body's checks (on SQLite,
      // whose runs are many; PostgreSQL's fewer runs check the same rules). Some of these answers are
      // rare (an expired booking looked up: about 4 in 250 runs), so, as QuickCheck's checkCoverage
      // does, runs go on in batches until each is reached, at most 4 batches more: a generator that
      // no longer reaches one fails, a seed that happened to miss one does not.
      const reached = ["book 201 pending", "book 403 challenge_used", "book 403 challenge_missing", "book 403 challenge_invalid", "book 409 address_limit", "book 409 client_limit", "book 409 already_booked", "confirm 200 confirmed", "confirm 410 confirmation_expired", "cancel 200 cancelled", "lookup 200 expired", "reschedule 200 confirmed", "reschedule 409 not_confirmed"]; // prettier-ignore
      const coverage = backend === "sqlite" && !process.env.FC_RUNS && !process.env.FC_PATH;
      const missing = () => reached.filter((k) => !outcomes.has(k));
      let batches = 0;
      for (; coverage && missing().length > 0 && batches < 4; batches++) await check(seed + batches + 1, 100);
      const summary = [...outcomes].sort().map(([k, n]) => `${k}: ${n}`);
      console.info(
        `hostile consultation input on ${backend}: ${requests} requests in ${runs} runs (+${batches} × 100 for coverage), ${Date.now() - started} ms, seed ${seed}; ${summary.join(", ")}`,
      );
      if (coverage) expect(missing(), `seed ${seed}`).toEqual([]);
    },
  );
});
