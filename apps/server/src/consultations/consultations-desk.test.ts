import { DEFAULT_WEEK_HOURS } from "@site/contracts/desk";
import { describe, expect, it } from "vitest";
import { listAudit } from "../records/audit";
import { eraseByEmail, exportByEmail, purgeExpired } from "../privacy/data-rights";
import { withChallenge } from "../../test/challenge-helpers";
import { bookingBody, headers, useConsultations } from "../../test/consultation-helpers";
import { BACKENDS } from "../../test/helpers";

describe.each(BACKENDS)("consultations in the desk ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend, { confirmEmail: false });
  const book = async (start: string, extra: Record<string, unknown> = {}) => {
    const app = await c.contact();
    const payload = await withChallenge(app, bookingBody(start, extra));
    const res = await app.inject({ method: "POST", url: "/consultation", headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };

  it.skipIf(skip)(
    "lists upcoming meetings with the visitor, moves and cancels one, and audits who did it",
    async () => {
      const member = await c.member("Maya Perera", "Asia/Colombo");
      const { app, staff, headers: desk } = await c.desk();
      const { id } = await book("2026-01-06T05:00:00.000Z", { phone: "+94 11 234 5678" });
      const list = await app.inject({ method: "GET", url: "/api/consultations", headers: desk });
      expect(list.statusCode).toBe(200);
      expect(list.json().meetings).toEqual([
        expect.objectContaining({
          leadId: id,
          start: "2026-01-06T05:00:00.000Z",
          member: { id: member.id, name: "Maya Perera", zone: "Asia/Colombo" },
          visitor: expect.objectContaining({
            name: "Ada Lovelace",
            phone: "+94 11 234 5678",
            zone: "Europe/London",
          }),
          serviceLabel: "ERP Consultation",
        }),
      ]);
      c.clock.advance(1000);
      const moved = await app.inject({
        method: "POST",
        url: `/api/consultations/${id}/reschedule`,
        headers: desk,
        payload: { start: "2026-01-07T06:30:00.000Z" },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ start: "2026-01-07T06:30:00.000Z", sequence: 1 });
      const outside = await app.inject({
        method: "POST",
        url: `/api/consultations/${id}/reschedule`,
        headers: desk,
        payload: { start: "2026-01-07T14:00:00.000Z" },
      });
      expect(outside.statusCode).toBe(422);
      expect(outside.json()).toMatchObject({ error: "outside_hours" });
      c.clock.advance(1000);
      const cancelled = await app.inject({
        method: "POST",
        url: `/api/consultations/${id}/cancel`,
        headers: desk,
      });
      expect(cancelled.json()).toMatchObject({ status: "cancelled", sequence: 2 });
      expect(
        (await app.inject({ method: "POST", url: `/api/consultations/${id}/cancel`, headers: desk }))
          .statusCode,
      ).toBe(410);
      const audit = (await listAudit(c.db)).filter((a) => a.action.startsWith("consultation."));
      expect(
        audit.map((a) => [a.action, a.actor]),
        JSON.stringify(audit),
      ).toEqual([
        ["consultation.availability", member.id],
        ["consultation.reschedule", staff.id],
        ["consultation.cancel", staff.id],
      ]);
      const timeline = await app.inject({ method: "GET", url: `/api/leads/${id}/timeline`, headers: desk });
      expect(timeline.json().items.filter((i: { type: string }) => i.type === "meeting")).toEqual([
        expect.objectContaining({
          to: "2026-01-07T06:30:00.000Z",
          actor: { id: staff.id, name: "Desk User" },
        }),
        expect.objectContaining({ to: "cancelled" }),
      ]);
      const inbox = await app.inject({ method: "GET", url: "/api/leads?kind=consultation", headers: desk });
      expect(inbox.json().leads).toEqual([
        expect.objectContaining({
          id,
          kind: "consultation",
          assignee: { id: member.id, name: "Maya Perera" },
        }),
      ]);
    },
  );

  it.skipIf(skip)(
    "edits a member's hours and days off and the company settings, each audited with who and what",
    async () => {
      const member = await c.member("Maya Perera");
      const { app, staff, headers: desk } = await c.desk();
      const put = await app.inject({
        method: "PUT",
        url: `/api/consultations/members/${member.id}`,
        headers: desk,
        payload: {
          zone: "Asia/Colombo",
          takesConsultations: true,
          hours: { ...DEFAULT_WEEK_HOURS, fri: null },
          daysOff: ["2026-01-06"],
        },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().members.find((m: { id: string }) => m.id === member.id)).toMatchObject({
        zone: "Asia/Colombo",
        hours: { fri: null, mon: { start: "09:00", end: "18:00" } },
        daysOff: ["2026-01-06"],
      });
      const bad = await app.inject({
        method: "PUT",
        url: `/api/consultations/members/${member.id}`,
        headers: desk,
        payload: {
          zone: "Asia/Colombo",
          takesConsultations: true,
          hours: { ...DEFAULT_WEEK_HOURS, mon: { start: "18:00", end: "09:00" } },
          daysOff: [],
        },
      });
      expect(bad.statusCode).toBe(400);
      c.clock.advance(1000);
      const settings = await app.inject({
        method: "PUT",
        url: "/api/consultations/settings",
        headers: desk,
        payload: {
          slotMinutes: 45,
          bufferMinutes: 15,
          noticeMinutes: 120,
          horizonDays: 20,
          dailyCap: 3,
          holidays: [{ office: "colombo", date: "2026-01-14", name: "Tamil Thai Pongal" }],
        },
      });
      expect(settings.statusCode).toBe(200);
      expect(settings.json().settings).toMatchObject({
        slotMinutes: 45,
        holidays: [{ office: "colombo", date: "2026-01-14" }],
      });
      const audit = (await listAudit(c.db)).filter((a) => a.actor === staff.id);
      expect(audit.map((a) => a.action)).toEqual(["consultation.availability", "consultation.settings"]);
      expect(audit[0]!.detail).toMatchObject({
        member: member.id,
        zone: "Asia/Colombo",
        hoursChanged: true,
        daysOffAdded: 1,
      });
      expect(audit[1]!.detail).toMatchObject({
        slotMinutes: 45,
        noticeMinutes: 120,
        horizonDays: 20,
        dailyCap: 3,
        holidaysAdded: 1,
      });
      // Colombo's holiday and the member's Friday off are not offered; slots are 45 minutes long.
      const slots = (
        await (await c.contact()).inject({ method: "GET", url: "/consultation/slots?zone=Asia/Colombo" })
      ).json();
      expect(slots.slotMinutes).toBe(45);
      expect(slots.days.map((d: { date: string }) => d.date)).not.toContain("2026-01-14");
      expect(slots.days.map((d: { date: string }) => d.date)).not.toContain("2026-01-09");
    },
  );

  it.skipIf(skip)(
    "puts a meeting in the person's export, erases it with the person, and keeps it 24 months after the meeting",
    async () => {
      await c.member("Maya Perera");
      const { id } = await book("2026-01-20T10:00:00.000Z");
      const actor = { actorType: "cli" as const, actor: "test" };
      const [exported] = await exportByEmail(c.database, {
        email: "ADA@example.com",
        format: "json",
        now: c.clock.now(),
        actor,
      });
      expect(exported).toMatchObject({
        id,
        kind: "consultation",
        meeting: { start: "2026-01-20T10:00:00.000Z", status: "confirmed", member: "Maya Perera" },
      });
      const retention = {
        enquiryMonths: 24,
        spamDays: 30,
        serverLogDays: 30,
        applicationMonths: 6,
        vitalsDays: 90,
      };
      await c.db.updateTable("outbox").set({ sent_at: "2026-01-05T06:00:00.000Z" }).execute();
      // 24 months after booking, but the meeting ended less than 24 months ago: kept.
      expect(
        (await purgeExpired(c.database, { retention, now: new Date("2028-01-10T00:00:00Z"), actor })).leadIds,
      ).toEqual([]);
      expect(
        (await purgeExpired(c.database, { retention, now: new Date("2028-01-21T00:00:00Z"), actor })).leadIds,
      ).toEqual([id]);
      const again = await book("2026-01-21T10:00:00.000Z");
      const { leadIds } = await eraseByEmail(c.database, {
        email: "ada@example.com",
        now: c.clock.now(),
        actor,
      });
      expect(leadIds).toEqual([again.id]);
      for (const table of [
        "consultations",
        "consultation_cells",
        "consultation_seats",
        "consultation_address_days",
      ] as const) {
        expect(await c.db.selectFrom(table).select("lead_id").execute(), table).toEqual([]);
      }
    },
  );
});
