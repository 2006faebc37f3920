import { LEAD_STATUSES } from "@site/contracts/desk";
import { describe, expect, it } from "vitest";
import { DESK_URL, useDesk } from "../../test/desk-helpers";
import { BACKENDS } from "../../test/helpers";

const DAY = 86_400_000;

describe.each(BACKENDS)("desk leads API ($backend)", ({ backend, skip }) => {
  const d = useDesk(backend);

  async function seed() {
    const t0 = new Date("2026-01-05T09:00:00.000Z").getTime();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(
        await d.lead(
          i % 2
            ? {
                kind: "quotation",
                name: `Quote Person ${i}`,
                email: `q${i}@example.com`,
                company: i === 3 ? "Analytical Engines Ltd" : "Acme",
                service: i === 3 ? "erp-consultation" : "cctv-solutions",
                details: "Forty users across two sites.",
                message: undefined,
              }
            : {
                name: `Contact Person ${i}`,
                email: `c${i}@example.com`,
                message: `Message number ${i} Ünïcode`,
              },
          new Date(t0 + i * DAY),
        ),
      );
    }
    ids.push(await d.lead({ name: "Spammy", isSpam: true }, new Date(t0 + 8 * DAY)));
    return ids;
  }

  async function get(url: string, cookie: string) {
    const app = await d.desk();
    const res = await app.inject({ method: "GET", url, headers: { cookie } });
    await app.close();
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  }

  it.skipIf(skip)("lists leads newest first with keyset pages and counts per status", async () => {
    const ids = await seed();
    const { cookie } = await d.signIn();
    const first = await get("/api/leads?limit=3", cookie);
    expect(first.leads.map((l: { id: string }) => l.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(first.counts).toEqual({ new: 7, contacted: 0, qualified: 0, won: 0, lost: 0 });
    const second = await get(`/api/leads?limit=3&cursor=${first.nextCursor}`, cookie);
    expect(second.leads.map((l: { id: string }) => l.id)).toEqual([ids[3], ids[2], ids[1]]);
    const third = await get(`/api/leads?limit=3&cursor=${second.nextCursor}`, cookie);
    expect(third.leads.map((l: { id: string }) => l.id)).toEqual([ids[0]]);
    expect(third.nextCursor).toBeNull();
    const spam = await get("/api/leads?spam=only", cookie);
    expect(spam.leads.map((l: { id: string }) => l.id)).toEqual([ids[7]]);
    expect((await get("/api/leads?spam=include", cookie)).leads).toHaveLength(8);
  });

  it.skipIf(skip)("filters by kind, service, date range, status and assignee", async () => {
    const ids = await seed();
    const { cookie, staff } = await d.signIn();
    const app = await d.desk();
    const patch = (id: string, body: object) =>
      app.inject({
        method: "PATCH",
        url: `/api/leads/${id}`,
        headers: { cookie, origin: DESK_URL },
        payload: body,
      });
    expect((await patch(ids[1]!, { status: "contacted", assignee: staff.id })).statusCode).toBe(200);
    expect((await patch(ids[2]!, { status: "won" })).statusCode).toBe(200);
    const idsOf = async (q: string) =>
      (await get(`/api/leads?${q}`, cookie)).leads.map((l: { id: string }) => l.id);
    expect(await idsOf("kind=quotation")).toEqual([ids[5], ids[3], ids[1]]);
    expect(await idsOf("service=erp-consultation")).toEqual([ids[3]]);
    expect(await idsOf("from=2026-01-06&to=2026-01-07")).toEqual([ids[2], ids[1]]);
    expect(await idsOf("status=won")).toEqual([ids[2]]);
    expect(await idsOf("assignee=me")).toEqual([ids[1]]);
    expect(await idsOf(`assignee=${staff.id}`)).toEqual([ids[1]]);
    expect(await idsOf("assignee=none&kind=quotation")).toEqual([ids[5], ids[3]]);
    const counts = (await get("/api/leads?status=won", cookie)).counts;
    expect(counts).toEqual({ new: 5, contacted: 1, qualified: 0, won: 1, lost: 0 });
    const bad = await app.inject({ method: "GET", url: "/api/leads?status=maybe", headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBeDefined();
  });

  it.skipIf(skip)(
    "searches name, e-mail, company, phone, message and details, any case, short terms too",
    async () => {
      const ids = await seed();
      const { cookie } = await d.signIn();
      const idsOf = async (q: string) =>
        (await get(`/api/leads?q=${encodeURIComponent(q)}`, cookie)).leads.map((l: { id: string }) => l.id);
      expect(await idsOf("analytical")).toEqual([ids[3]]);
      expect(await idsOf("C4@EXAMPLE")).toEqual([ids[4]]);
      expect(await idsOf("q5")).toEqual([ids[5]]);
      expect(await idsOf("ÜNÏCODE")).toEqual([ids[6], ids[4], ids[2], ids[0]]);
      expect(await idsOf("7946")).toHaveLength(7);
      expect(await idsOf("forty sites")).toEqual([ids[5], ids[3], ids[1]]);
      expect(await idsOf("q5 example")).toEqual([ids[5]]);
      expect(await idsOf("nobody-here")).toEqual([]);
      expect(await idsOf('50% "off_')).toEqual([]);
      const r = await get("/api/leads?q=acme", cookie);
      expect(r.counts.new).toBe(2);
      // The index follows changes made after the lead was stored.
      await d.db
        .updateTable("leads")
        .set({ company: "Difference Engines" })
        .where("id", "=", ids[5]!)
        .execute();
      expect(await idsOf("difference")).toEqual([ids[5]]);
      await d.db.deleteFrom("outbox").where("lead_id", "=", ids[3]!).execute();
      await d.db.deleteFrom("leads").where("id", "=", ids[3]!).execute();
      expect(await idsOf("analytical")).toEqual([]);
    },
  );

  it.skipIf(skip)("shows a lead, records status, assignee and notes with events and audit rows", async () => {
    const [id] = await seed();
    const { cookie, staff } = await d.signIn();
    const app = await d.desk();
    const headers = { cookie, origin: DESK_URL };
    d.clock.advance(90 * 60_000);
    const changed = await app.inject({
      method: "PATCH",
      url: `/api/leads/${id}`,
      headers,
      payload: { status: "contacted", assignee: staff.id },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().lead).toMatchObject({
      status: "contacted",
      assignee: { id: staff.id, name: "Sam Seller" },
    });
    const same = await app.inject({
      method: "PATCH",
      url: `/api/leads/${id}`,
      headers,
      payload: { status: "contacted" },
    });
    expect(same.statusCode).toBe(200);
    const note = await app.inject({
      method: "POST",
      url: `/api/leads/${id}/notes`,
      headers,
      payload: { body: "  Called back; wants a demo on Friday.  " },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({
      body: "Called back; wants a demo on Friday.",
      author: { id: staff.id },
    });
    const shown = await app.inject({ method: "GET", url: `/api/leads/${id}`, headers: { cookie } });
    expect(shown.json().lead).toMatchObject({
      phone: "+44 20 7946 0000",
      message: "Message number 0 Ünïcode",
    });
    expect(shown.json().notes).toHaveLength(1);
    const timeline = await app.inject({
      method: "GET",
      url: `/api/leads/${id}/timeline`,
      headers: { cookie },
    });
    expect(timeline.json().items.map((i: { type: string }) => i.type)).toEqual([
      "received",
      "delivery",
      "status",
      "assignee",
      "note",
    ]);
    const audit = await d.db
      .selectFrom("audit_log")
      .selectAll()
      .where("actor_type", "=", "staff")
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["lead.assign", "lead.note", "lead.status"]);
    for (const a of audit) {
      expect(a.actor).toBe(staff.id);
      expect(JSON.parse(a.lead_ids)).toEqual([id]);
      expect(a.lead_count).toBe(1);
      expect(a.detail).not.toMatch(/Called|Ada|example\.com/);
    }
    const bad = await app.inject({
      method: "PATCH",
      url: `/api/leads/${id}`,
      headers,
      payload: { assignee: "01990000-0000-7000-8000-000000000000" },
    });
    expect(bad.statusCode).toBe(400);
    const empty = await app.inject({
      method: "POST",
      url: `/api/leads/${id}/notes`,
      headers,
      payload: { body: " " },
    });
    expect(empty.statusCode).toBe(400);
    const missing = await app.inject({
      method: "GET",
      url: "/api/leads/01990000-0000-7000-8000-000000000000",
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    // Notes are append-only: no route edits or deletes one.
    for (const method of ["PATCH", "PUT", "DELETE"] as const) {
      const r = await app.inject({ method, url: `/api/leads/${id}/notes`, headers, payload: {} });
      expect(r.statusCode).toBe(404);
    }
  });

  it.skipIf(skip)(
    "dashboard: weeks by kind, services, open statuses and the median first response",
    async () => {
      d.clock.set(new Date("2026-03-04T12:00:00.000Z")); // a Wednesday
      const a = await d.lead({}, new Date("2026-03-02T08:00:00.000Z"));
      const b = await d.lead(
        { kind: "quotation", service: "cctv-solutions", message: undefined },
        new Date("2026-02-24T08:00:00.000Z"),
      );
      await d.lead({}, new Date("2025-11-01T08:00:00.000Z")); // before the 12 weeks
      await d.lead({ isSpam: true }, new Date("2026-03-03T08:00:00.000Z"));
      const { cookie } = await d.signIn();
      const app = await d.desk();
      const headers = { cookie, origin: DESK_URL };
      d.clock.set(new Date("2026-03-02T10:00:00.000Z"));
      await app.inject({
        method: "PATCH",
        url: `/api/leads/${a}`,
        headers,
        payload: { status: "contacted" },
      });
      d.clock.set(new Date("2026-02-24T12:00:00.000Z"));
      await app.inject({ method: "PATCH", url: `/api/leads/${b}`, headers, payload: { status: "won" } });
      d.clock.set(new Date("2026-03-04T12:00:00.000Z"));
      const res = await app.inject({ method: "GET", url: "/api/dashboard", headers: { cookie } });
      const body = res.json();
      expect(body.weeks).toHaveLength(12);
      expect(body.weeks.at(-1)).toEqual({
        weekStart: "2026-03-02",
        contact: 1,
        quotation: 0,
        consultation: 0,
        chat: 0,
      });
      expect(body.weeks.at(-2)).toEqual({
        weekStart: "2026-02-23",
        contact: 0,
        quotation: 1,
        consultation: 0,
        chat: 0,
      });
      expect(body.weeks[0].weekStart).toBe("2025-12-15");
      expect(body.services[0]).toEqual({ service: "cctv-solutions", label: "CCTV Solutions", count: 1 });
      expect(body.open).toEqual([
        { status: "new", count: 1 },
        { status: "contacted", count: 1 },
        { status: "qualified", count: 0 },
      ]);
      expect(body.firstResponse).toEqual({ medianMs: 3 * 3_600_000, leads: 2 });
      expect(LEAD_STATUSES).toContain(body.open[0].status);
    },
  );
});
