import { describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/helpers";
import { withChallenge } from "../../test/challenge-helpers";
import { bookingBody, headers, useConsultations } from "../../test/consultation-helpers";

describe.each(BACKENDS)("booking a consultation ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend, { confirmEmail: false });

  const slots = async (zone: string) => {
    const app = await c.contact();
    const res = await app.inject({
      method: "GET",
      url: `/consultation/slots?zone=${encodeURIComponent(zone)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { zone: string; slotMinutes: number; days: { date: string; slots: string[] }[] };
  };
  const book = async (start: string, extra: Record<string, unknown> = {}) => {
    const app = await c.contact();
    const payload = await withChallenge(app, bookingBody(start, extra));
    return app.inject({ method: "POST", url: "/consultation", headers, payload });
  };

  it.skipIf(skip)(
    "offers the next 14 working days, past the notice, and books a slot as a lead",
    async () => {
      const member = await c.member("Maya Perera");
      const { days, slotMinutes } = await slots("Europe/London");
      expect(slotMinutes).toBe(30);
      expect(days).toHaveLength(14);
      expect(days[0]).toMatchObject({ date: "2026-01-05" });
      // 06:00 now + 4 h notice: the first free slot is 10:00; the day ends at 17:30.
      expect(days[0]!.slots[0]).toBe("2026-01-05T10:00:00.000Z");
      expect(days[0]!.slots.at(-1)).toBe("2026-01-05T17:30:00.000Z");
      expect(days[1]!.slots).toHaveLength(18);
      expect(days.map((d) => new Date(`${d.date}T12:00:00Z`).getUTCDay())).not.toContain(0);

      const res = await book("2026-01-06T10:00:00.000Z");
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        status: "confirmed",
        start: "2026-01-06T10:00:00.000Z",
        end: "2026-01-06T10:30:00.000Z",
      });
      expect(body.ics).toContain("METHOD:REQUEST");
      const lead = await c.db
        .selectFrom("leads")
        .selectAll()
        .where("id", "=", body.id)
        .executeTakeFirstOrThrow();
      expect(lead).toMatchObject({
        kind: "consultation",
        assignee: member.id,
        service: "erp-consultation",
        phone: "",
      });
      const outbox = await c.db
        .selectFrom("outbox")
        .select(["channel", "next_attempt_at"])
        .where("lead_id", "=", body.id)
        .execute();
      expect(outbox.map((o) => o.channel).sort()).toEqual(
        ["email", "invitation", "member-invitation", "member-reminder", "reminder"].sort(),
      );
      expect(outbox.find((o) => o.channel === "reminder")!.next_attempt_at).toBe("2026-01-05T10:00:00.000Z");
      // The slot and the buffer after it are gone from the offer: 10:00 and 10:30 (buffer to 10:45).
      const after = (await slots("Europe/London")).days[1]!.slots;
      expect(after).not.toContain("2026-01-06T10:00:00.000Z");
      expect(after).not.toContain("2026-01-06T10:30:00.000Z");
      expect(after).not.toContain("2026-01-06T09:30:00.000Z");
      expect(after).toContain("2026-01-06T11:00:00.000Z");
    },
  );

  it.skipIf(skip)(
    "gives one of 20 simultaneous bookings of a slot, and 409 with the next free slots to the rest",
    async () => {
      await c.member("Maya Perera");
      const app = await c.contact();
      const start = "2026-01-07T11:00:00.000Z";
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          withChallenge(app, bookingBody(start, { email: `v${i}@example.com` })).then((payload) =>
            app.inject({ method: "POST", url: "/consultation", headers, payload }),
          ),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((s) => s === 201)).toHaveLength(1);
      expect(codes.filter((s) => s === 409)).toHaveLength(19);
      const refused = answers.find((a) => a.statusCode === 409)!.json();
      expect(refused).toMatchObject({ error: "slot_taken" });
      expect(refused.nextSlots[0]).toBe("2026-01-07T12:00:00.000Z");
      expect(await c.db.selectFrom("consultations").select("lead_id").execute()).toHaveLength(1);
      expect(await c.db.selectFrom("leads").select("id").execute()).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "with two members, 20 bookings of one slot give exactly two meetings, one each",
    async () => {
      const a = await c.member("Maya Perera");
      const b = await c.member("Ravi Fernando");
      const app = await c.contact();
      const start = "2026-01-07T14:00:00.000Z";
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          withChallenge(app, bookingBody(start, { email: `w${i}@example.com` })).then((payload) =>
            app.inject({ method: "POST", url: "/consultation", headers, payload }),
          ),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
      const owners = await c.db.selectFrom("consultations").select("staff_id").execute();
      expect(owners.map((o) => o.staff_id).sort()).toEqual([a.id, b.id].sort());
    },
  );

  it.skipIf(skip)("goes to the free member booked least recently", async () => {
    const a = await c.member("Maya Perera");
    const b = await c.member("Ravi Fernando");
    const first = (await book("2026-01-08T10:00:00.000Z", { email: "one@example.com" })).json().id;
    c.clock.advance(60_000);
    const second = (await book("2026-01-08T15:00:00.000Z", { email: "two@example.com" })).json().id;
    c.clock.advance(60_000);
    const third = (await book("2026-01-09T15:00:00.000Z", { email: "three@example.com" })).json().id;
    const owner = async (id: string) =>
      (
        await c.db
          .selectFrom("consultations")
          .select("staff_id")
          .where("lead_id", "=", id)
          .executeTakeFirstOrThrow()
      ).staff_id;
    const firstOwner = await owner(first);
    expect([a.id, b.id]).toContain(firstOwner);
    expect(await owner(second)).toBe(firstOwner === a.id ? b.id : a.id);
    expect(await owner(third)).toBe(firstOwner);
  });

  it.skipIf(skip)(
    "refuses, in words, a time past the notice, beyond the horizon, outside hours, on a holiday or over the cap",
    async () => {
      await c.member("Maya Perera");
      await c.settings({
        dailyCap: 1,
        holidays: [{ office: "london", date: "2026-01-12", name: "Test holiday" }],
      });
      const cases: [string, number, string][] = [
        ["2026-01-05T09:00:00.000Z", 422, "too_soon"],
        ["2026-02-20T10:00:00.000Z", 422, "too_far"],
        ["2026-01-06T18:00:00.000Z", 422, "outside_hours"],
        ["2026-01-06T10:15:00.000Z", 422, "outside_hours"],
        ["2026-01-10T10:00:00.000Z", 422, "outside_hours"],
        ["2026-01-12T10:00:00.000Z", 422, "day_off"],
      ];
      for (const [start, status, error] of cases) {
        const res = await book(start);
        expect(res.statusCode, start).toBe(status);
        expect(res.json(), start).toMatchObject({ error, message: expect.stringMatching(/\w+ \w+/) });
      }
      expect((await book("2026-01-06T10:00:00.000Z")).statusCode).toBe(201);
      const full = await book("2026-01-06T14:00:00.000Z", { email: "other@example.com" });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({
        error: "day_full",
        nextSlots: expect.arrayContaining(["2026-01-07T09:00:00.000Z"]),
      });
      expect(await c.db.selectFrom("consultations").select("lead_id").execute()).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "takes one meeting per address per day, and keeps a honeypot booking as spam without a meeting",
    async () => {
      await c.member("Maya Perera");
      await c.member("Ravi Fernando");
      expect((await book("2026-01-06T10:00:00.000Z")).statusCode).toBe(201);
      const again = await book("2026-01-06T15:00:00.000Z", { email: " ADA@example.com " });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: "already_booked" });
      expect((await book("2026-01-07T15:00:00.000Z")).statusCode).toBe(201);

      const bot = await book("2026-01-08T10:00:00.000Z", {
        email: "bot@example.com",
        website: "https://spam.example",
      });
      expect(bot.statusCode).toBe(201);
      const spam = await c.db
        .selectFrom("leads")
        .selectAll()
        .where("id", "=", bot.json().id)
        .executeTakeFirstOrThrow();
      expect(spam).toMatchObject({ kind: "consultation", is_spam: 1 });
      expect(
        await c.db.selectFrom("consultations").select("lead_id").where("lead_id", "=", spam.id).execute(),
      ).toEqual([]);
      expect(
        await c.db.selectFrom("outbox").select("channel").where("lead_id", "=", spam.id).execute(),
      ).toEqual([]);
    },
  );

  it.skipIf(skip)(
    "answers a bad body 400 with field errors and stores nothing; other methods 405; a foreign origin 403",
    async () => {
      await c.member("Maya Perera");
      const app = await c.contact();
      const bad = await app.inject({
        method: "POST",
        url: "/consultation",
        headers,
        payload: {
          ...bookingBody("2026-01-06T10:00:00.000Z"),
          email: "nope",
          phone: "abc",
          zone: "Mars/Olympus",
          service: "x",
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(["email", "phone", "service", "zone"]);
      expect(bad.json().fields.email).toEqual(["Enter a valid email address."]);
      expect((await app.inject({ method: "GET", url: "/consultation" })).statusCode).toBe(405);
      const foreign = await app.inject({
        method: "POST",
        url: "/consultation",
        headers: { ...headers, origin: "https://evil.example" },
        payload: await withChallenge(app, bookingBody("2026-01-06T10:00:00.000Z")),
      });
      expect(foreign.statusCode).toBe(403);
      expect(
        (await app.inject({ method: "GET", url: "/consultation/slots?zone=Nowhere%2FLand" })).statusCode,
      ).toBe(400);
      expect(await c.db.selectFrom("leads").select("id").execute()).toEqual([]);
    },
  );

  it.skipIf(skip)("limits bookings per client per minute like the forms", async () => {
    await c.member("Maya Perera");
    const app = await c.contact({ RATE_LIMIT_PER_MINUTE: "2" });
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/consultation",
        headers,
        payload: bookingBody("2026-01-06T10:00:00.000Z", { email: "" }),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 429]);
  });
});
