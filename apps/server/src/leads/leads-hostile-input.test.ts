import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UUID_V7_PATTERN as LEAD_ID_PATTERN } from "@site/contracts/uuid";
import { BACKENDS, ORIGIN, useLeadServices } from "../../test/helpers";
import { bodyBytes, type HostileRequest, hostileRequest } from "../../test/hostile-input";
import { type Expected, LeadModel } from "../../test/hostile-model";

/**
 * Hostile input as a property: generated bodies and headers go to both services (app.inject, a real
 * database), and every answer must be the one the rules of docs/lead-services.md and the contract's
 * schema give, never a 5xx, always JSON of the documented shape; the rows stored must be exactly the accepted
 * valid bodies. FC_SEED (and FC_PATH) replay a failure; FC_RUNS changes the number of runs.
 */

/** Runs of up to 12 requests each: about 10,800 requests on SQLite, a fifth of that on PostgreSQL. */
const RUNS = { sqlite: 1450, postgres: 300 };
const MIN_REQUESTS = { sqlite: 10_000, postgres: 2_000 };
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);

function send(app: FastifyInstance, req: HostileRequest) {
  const headers: Record<string, string | string[]> = {};
  if (req.origin.value !== undefined) headers.origin = req.origin.value;
  if (req.method === "OPTIONS") {
    if (req.requestMethod) headers["access-control-request-method"] = req.requestMethod;
    return app.inject({ method: "OPTIONS", url: `/${req.service}`, headers });
  }
  if (req.method !== "POST") {
    const other = req.service === "contact" ? "quotation" : "contact";
    return app.inject({ method: req.method, url: `/${req.otherPath ? other : req.service}`, headers });
  }
  if (req.contentType.value !== undefined) headers["content-type"] = req.contentType.value;
  if (req.idempotencyKey.value !== undefined) headers["idempotency-key"] = req.idempotencyKey.value;
  return app.inject({
    method: "POST",
    url: `/${req.service}`,
    headers,
    payload: bodyBytes(req.text, req.encoding),
  });
}

/** The answer is the expected one, in the documented shape; returns the id of a new lead. */
function checkAnswer(req: HostileRequest, res: LightMyRequestResponse, exp: Expected): string | undefined {
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(exp.status);
  const granted =
    req.origin.ok && req.origin.value !== undefined && !(exp.status === 400 && req.method === "OPTIONS");
  expect(res.headers["access-control-allow-origin"]).toBe(granted ? ORIGIN : undefined);
  if (exp.status === 204) {
    expect(res.body).toBe("");
    return undefined;
  }
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  const body = JSON.parse(res.body) as Record<string, unknown>;
  if (exp.status === 201 && !("error" in exp)) {
    expect(Object.keys(body)).toEqual(["id"]);
    expect(body.id).toMatch(LEAD_ID_PATTERN);
    if (exp.replayOf) {
      expect(body.id).toBe(exp.replayOf);
      expect(res.headers["idempotent-replayed"]).toBe("true");
      return undefined;
    }
    expect(res.headers["idempotent-replayed"]).toBeUndefined();
    return body.id as string;
  }
  if ("fields" in exp) {
    expect(Object.keys(body)).toEqual(["error", "fields"]);
    expect(body.error).toBe("validation_failed");
    const fields = body.fields as Record<string, unknown>;
    expect(Object.keys(fields).sort()).toEqual(exp.fields);
    for (const messages of Object.values(fields)) {
      expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
      expect((messages as unknown[]).every((m) => typeof m === "string" && m !== "")).toBe(true);
    }
    return undefined;
  }
  expect(body).toEqual({ error: "error" in exp ? exp.error : "", message: expect.any(String) });
  return undefined;
}

/** A run: up to 12 generated requests, then up to 3 of them sent again (replays, duplicates). */
const run = fc
  .record({
    requests: fc.array(hostileRequest, { minLength: 1, maxLength: 12 }),
    again: fc.array(fc.nat(), { maxLength: 3 }),
  })
  .map(({ requests, again }) => [...requests, ...again.map((i) => requests[i % requests.length]!)]);

describe.each(BACKENDS)("hostile input on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

    /** Leads and outbox rows are kept between runs (fewer writes); idempotency keys are not. */
    async function startRun() {
      await svc.db.deleteFrom("idempotency_keys").execute();
      return { leads: await svc.count("leads"), outbox: await svc.count("outbox") };
    }

    /** The run stored exactly the model's rows, each with its outbox row unless it is spam. */
    async function checkStored(model: LeadModel, before: { leads: number; outbox: number }) {
      const expected = [...model.rows.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
      const ids = expected.map((r) => r.id);
      const mailed = expected.filter((r) => r.is_spam === 0).map((r) => r.id);
      expect(await svc.count("leads")).toBe(before.leads + ids.length);
      expect(await svc.count("outbox")).toBe(before.outbox + mailed.length);
      expect(await svc.count("idempotency_keys")).toBe(model.keyCount);
      if (ids.length === 0) return;
      const rows = await svc.db
        .selectFrom("leads")
        .selectAll()
        .where("id", "in", ids)
        .orderBy("id")
        .execute();
      // A new lead's last activity is its arrival; the desk has not worked it yet.
      expect(
        rows.map((r) => ({ ...r, is_spam: Number(r.is_spam), unverified: Number(r.unverified) })),
      ).toEqual(
        expected.map((e) => ({ ...e, last_activity_at: e.created_at, status: "new", assignee: null })),
      );
      const outbox = await svc.db
        .selectFrom("outbox")
        .select("lead_id")
        .where("lead_id", "in", ids)
        .execute();
      expect(outbox.map((o) => o.lead_id).sort()).toEqual(mailed);
    }

    it(
      "answers every generated request as documented and stores exactly the valid bodies it accepted",
      { timeout: 300_000 },
      async () => {
        // Built once for the whole property (closed after the test), with a limit no run reaches.
        const env = { RATE_LIMIT_PER_MINUTE: "1000000" };
        const apps = { contact: await svc.app("contact", env), quotation: await svc.app("quotation", env) };
        const outcomes = new Map<string, number>();
        let requests = 0;
        const property = fc.asyncProperty(run, async (reqs) => {
          const before = await startRun();
          const model = new LeadModel(svc.clock.now());
          for (const req of reqs) {
            const exp = model.expect(req);
            const res = await send(apps[req.service], req);
            requests++;
            const outcome = `${res.statusCode} ${"error" in exp ? exp.error : "replayOf" in exp ? "replay" : "new"}`;
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
            const id = checkAnswer(req, res, exp);
            if (id) model.accepted(exp, id);
          }
          expect(model.violations, model.violations.join("; ")).toEqual([]);
          await checkStored(model, before);
          expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
        });
        const runs = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : RUNS[backend];
        const started = Date.now();
        const details = await fc.check(property, {
          numRuns: runs,
          seed,
          ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
        });
        if (details.failed) {
          // fast-check's report: the seed, the path and the shrunk counterexample, then how to replay it.
          throw new Error(
            `hostile input on ${backend}: ${fc.defaultReportMessage(details)}\n` +
              `Replay: FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath} ` +
              "npx vitest run apps/server/src/leads/leads-hostile-input.test.ts",
            { cause: details.errorInstance },
          );
        }
        const summary = [...outcomes].sort().map(([k, n]) => `${k}: ${n}`);
        console.info(
          `hostile input on ${backend}: ${requests} requests in ${runs} runs, ${Date.now() - started} ms, ` +
            `seed ${seed}; ${summary.join(", ")}`,
        );
        if (!process.env.FC_RUNS && !process.env.FC_PATH) {
          expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS[backend]);
        }
      },
    );
  });
});
