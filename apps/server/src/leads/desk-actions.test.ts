import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listAudit } from "../records/audit";
import { getLead, listLeads } from "../records/lead-queries";
import { DESK_URL, useDesk } from "../../test/desk-helpers";
import { BACKENDS } from "../../test/helpers";

const WEBHOOK = {
  WEBHOOK_URL: "http://127.0.0.1:9/hooks",
  WEBHOOK_SECRET: `whsec_${Buffer.from("a test secret of 32 bytes, ok!!!").toString("base64")}`,
};

describe.each(BACKENDS)("desk lead actions ($backend)", ({ backend, skip }) => {
  const d = useDesk(backend);

  async function as(app: FastifyInstance, cookie: string) {
    return (method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie, origin: DESK_URL }, ...(payload ? { payload } : {}) });
  }

  it.skipIf(skip)(
    "marks a lead not spam (queuing what spam skipped) and spam again (dropping what is unsent)",
    async () => {
      const id = await d.lead({ name: "Real person after all", isSpam: true });
      const { cookie, staff } = await d.signIn();
      const call = await as(await d.desk(WEBHOOK), cookie);

      const notSpam = await call("PUT", `/api/leads/${id}/spam`, { spam: false });
      expect(notSpam.statusCode).toBe(200);
      expect(notSpam.json().lead.spam).toBe(false);
      // E-mail and the configured webhook; no late confirmation to the visitor.
      expect(
        notSpam.json().deliveries.map((x: { channel: string; state: string }) => [x.channel, x.state]),
      ).toEqual([
        ["email", "pending"],
        ["webhook", "pending"],
      ]);
      await d.db
        .updateTable("outbox")
        .set({ sent_at: d.clock.now().toISOString() })
        .where("channel", "=", "email")
        .execute();

      d.clock.advance(60_000);
      const spam = await call("PUT", `/api/leads/${id}/spam`, { spam: true });
      expect(spam.json().lead.spam).toBe(true);
      expect((await getLead(d.db, id))!.deliveries.map((x) => [x.channel, x.state])).toEqual([
        ["email", "sent"],
      ]);

      const timeline = (await call("GET", `/api/leads/${id}/timeline`)).json().items;
      expect(timeline.filter((i: { type: string }) => i.type === "spam")).toEqual([
        expect.objectContaining({ spam: false, actor: { id: staff.id, name: staff.name } }),
        expect.objectContaining({ spam: true }),
      ]);
      expect(
        (await listAudit(d.db))
          .filter((r) => r.actorType === "staff")
          .map((r) => [r.action, r.actor, r.leadIds]),
      ).toEqual([
        ["lead.not-spam", staff.id, [id]],
        ["lead.spam", staff.id, [id]],
      ]);
      expect(
        (await call("PUT", "/api/leads/00000000-0000-7000-8000-000000000000/spam", { spam: false }))
          .statusCode,
      ).toBe(404);
    },
  );

  it.skipIf(skip)(
    "retries a failed delivery now, also one given up, and shows deliveries in the timeline",
    async () => {
      const id = await d.lead();
      const { cookie, staff } = await d.signIn();
      const call = await as(await d.desk(), cookie);
      const later = new Date(d.clock.now().getTime() + 3_600_000).toISOString();
      await d.db
        .updateTable("outbox")
        .set({ attempts: 9, last_error: "connect ECONNREFUSED", last_attempt_at: later, given_up_at: later })
        .execute();
      const before = (await call("GET", `/api/leads/${id}`)).json();
      expect(before.deliveries[0]).toMatchObject({
        channel: "email",
        state: "failed",
        lastError: "connect ECONNREFUSED",
      });

      d.clock.advance(2 * 3_600_000);
      const retried = await call("POST", `/api/leads/${id}/deliveries/email/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().deliveries[0]).toMatchObject({
        state: "failed-retrying",
        nextAttemptAt: d.clock.now().toISOString(),
      });
      expect((await call("POST", `/api/leads/${id}/deliveries/webhook/retry`)).statusCode).toBe(404);
      expect((await call("POST", `/api/leads/${id}/deliveries/fax/retry`)).statusCode).toBe(400);
      // A webhook whose receiver answered 410 Gone is not retried: nothing would be sent.
      await d.db
        .insertInto("webhook_endpoints")
        .values({
          url_hash: "a".repeat(64),
          origin: "https://hooks.example.com",
          configured_at: d.clock.now().toISOString(),
          gone_at: d.clock.now().toISOString(),
        })
        .execute();
      const stopped = await call("POST", `/api/leads/${id}/deliveries/webhook/retry`);
      expect(stopped.statusCode).toBe(409);
      expect(stopped.json()).toEqual({
        error: "webhook_stopped",
        message:
          "The webhook receiver at https://hooks.example.com answered 410 Gone: nothing is sent to it " +
          "until the webhook is configured again (see the dashboard).",
      });

      const deliveries = (await call("GET", `/api/leads/${id}/timeline`))
        .json()
        .items.filter((i: { type: string }) => i.type === "delivery");
      // The failed attempts an hour in, then queued again by the retry.
      expect(deliveries.map((i: { event: string }) => i.event)).toEqual(["retrying", "queued"]);
      expect((await listAudit(d.db)).find((r) => r.action === "delivery.retry")).toMatchObject({
        actor: staff.id,
        detail: { channel: "email" },
      });
    },
  );

  it.skipIf(skip)(
    "erases everything of the lead's address after saying how many leads it removes",
    async () => {
      const a = await d.lead({ email: "Grace@Example.com" });
      await d.lead({ email: "grace@example.com", isSpam: true });
      const other = await d.lead({ email: "someone@example.com" });
      const { cookie, staff } = await d.signIn();
      const call = await as(await d.desk(), cookie);
      expect((await call("GET", `/api/leads/${a}/erasure`)).json()).toEqual({ leads: 2 });
      const erased = await call("POST", `/api/leads/${a}/erasure`);
      expect(erased.json()).toEqual({ erased: 2 });
      expect((await listLeads(d.db, { spam: "include" })).map((l) => l.id)).toEqual([other]);
      expect((await call("GET", `/api/leads/${a}`)).statusCode).toBe(404);
      const audit = (await listAudit(d.db)).find((r) => r.action === "erase")!;
      expect(audit).toMatchObject({ action: "erase", actorType: "staff", actor: staff.id, leadCount: 2 });
      expect(JSON.stringify(audit).toLowerCase()).not.toContain("grace");
    },
  );

  it.skipIf(skip)(
    "exports the current filter as spreadsheet-safe CSV, audited and in each lead's timeline",
    async () => {
      const q = await d.lead({
        kind: "quotation",
        name: "=SUM(A1)",
        company: "Acme",
        service: "erp-consultation",
        details: "x",
        message: undefined,
      });
      await d.lead({ name: "Contact person" });
      const { cookie, staff } = await d.signIn();
      const call = await as(await d.desk(), cookie);
      const res = await call("GET", "/api/leads/export.csv?kind=quotation");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(
        /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body.split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`${q},`);
      expect(lines[1]).toContain("'=SUM(A1)");
      expect((await listAudit(d.db)).find((r) => r.action === "export")).toMatchObject({
        actor: staff.id,
        leadIds: [q],
      });
      const timeline = (await call("GET", `/api/leads/${q}/timeline`)).json().items;
      expect(timeline.find((i: { type: string }) => i.type === "export")).toMatchObject({
        actor: { id: staff.id, name: staff.name },
      });
    },
  );

  it.skipIf(skip)(
    "moves a lead's last activity when it is worked (its retention counts from then)",
    async () => {
      const id = await d.lead();
      d.clock.advance(5 * 86_400_000);
      const { cookie } = await d.signIn();
      const call = await as(await d.desk(), cookie);
      expect((await call("POST", `/api/leads/${id}/notes`, { body: "Called back." })).statusCode).toBe(201);
      expect((await getLead(d.db, id))!.lastActivityAt).toBe(d.clock.now().toISOString());
    },
  );
});
