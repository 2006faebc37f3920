import { describe, expect, it } from "vitest";
import { DEFAULT_WEEK_HOURS } from "@site/contracts/desk";
import { saveMember } from "./availability-store";
import { withChallenge } from "../../test/challenge-helpers";
import {
  bookingBody,
  calendarsOf,
  headers,
  readable,
  useConsultations,
} from "../../test/consultation-helpers";
import { BACKENDS } from "../../test/helpers";
import { useSmtpPeer } from "../../test/smtp-peer";

describe.each(BACKENDS)("a consultation's invitations and reminders ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend, { confirmEmail: false });
  const peer = useSmtpPeer();

  async function bookOne(start = "2026-01-06T10:00:00.000Z") {
    const app = await c.contact({ MAIL_FROM: "Ceylon Bridge <no-reply@example.com>" });
    const res = await app.inject({
      method: "POST",
      url: "/consultation",
      headers,
      payload: await withChallenge(app, bookingBody(start)),
    });
    expect(res.statusCode).toBe(201);
    return { app, booked: res.json() as { id: string; token: string } };
  }

  it.skipIf(skip)(
    "invites both sides with one UID, raises SEQUENCE on a move and sends CANCEL on a cancel",
    async () => {
      peer.mails.length = 0;
      const member = await c.member("Maya Perera");
      const { app, booked } = await bookOne();
      const w = c.worker(peer.url);
      await w.runOnce();
      const [visitorMail] = peer.mailsTo("ada@example.com");
      const [memberMail] = peer.mailsTo(member.email);
      expect(peer.mailsTo("sales@example.com")[0]!.headers.subject).toBe(
        "New consultation booking from Ada Lovelace (ERP Consultation)",
      );
      expect(visitorMail!.headers.subject).toBe("Your free consultation is booked");
      expect(readable(visitorMail!.raw)).toContain(`/consultation#manage=${booked.token}`);
      const [invite] = calendarsOf(visitorMail!.raw);
      expect(invite).toMatchObject({
        method: "REQUEST",
        uid: `consultation-${booked.id}@example.com`,
        sequence: 0,
        status: "CONFIRMED",
        start: "2026-01-06T10:00:00.000Z",
        organizer: "sales@example.com",
      });
      expect(invite!.contentType.toLowerCase().replace(/\s/g, "")).toContain(
        "text/calendar;charset=utf-8;method=request",
      );
      expect(invite!.attendees.sort()).toEqual(["ada@example.com", member.email].sort());
      expect(calendarsOf(memberMail!.raw)[0]).toMatchObject({
        method: "REQUEST",
        uid: invite!.uid,
        sequence: 0,
      });

      const moved = await app.inject({
        method: "POST",
        url: "/consultation/reschedule",
        headers,
        payload: { token: booked.token, start: "2026-01-07T14:30:00.000Z", zone: "Asia/Colombo" },
      });
      expect(moved.statusCode).toBe(200);
      await w.runOnce();
      const update = calendarsOf(peer.mailsTo("ada@example.com")[1]!.raw)[0]!;
      expect(update).toMatchObject({
        method: "REQUEST",
        uid: invite!.uid,
        sequence: 1,
        start: "2026-01-07T14:30:00.000Z",
      });
      expect(readable(peer.mailsTo("ada@example.com")[1]!.raw)).toContain(
        "Wednesday, 7 January 2026, 20:00 (Colombo time), which is Wednesday, 7 January 2026, 14:30 (London time)",
      );
      expect(calendarsOf(peer.mailsTo(member.email)[1]!.raw)[0]).toMatchObject({
        sequence: 1,
        start: "2026-01-07T14:30:00.000Z",
      });

      const cancelled = await app.inject({
        method: "POST",
        url: "/consultation/cancel",
        headers,
        payload: { token: booked.token },
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: "cancelled" });
      await w.runOnce();
      const cancelMail = peer.mailsTo("ada@example.com")[2]!;
      const cancel = calendarsOf(cancelMail.raw)[0]!;
      expect(cancel).toMatchObject({ method: "CANCEL", uid: invite!.uid, sequence: 2, status: "CANCELLED" });
      expect(cancel.contentType.toLowerCase()).toContain("method=cancel");
      expect(calendarsOf(peer.mailsTo(member.email)[2]!.raw)[0]).toMatchObject({
        method: "CANCEL",
        sequence: 2,
      });
      expect(
        await c.db
          .selectFrom("outbox")
          .select("channel")
          .where("channel", "in", ["reminder", "member-reminder"])
          .execute(),
      ).toEqual([]);
      // The slot is free again.
      expect(await c.db.selectFrom("consultation_cells").select("cell").execute()).toEqual([]);
      await w.stop();
    },
  );

  it.skipIf(skip)("refuses a changed token with 403 and a started meeting with 410", async () => {
    await c.member("Maya Perera");
    const { app, booked } = await bookOne();
    const last = booked.token.at(-1) === "A" ? "B" : "A";
    for (const token of [
      booked.token.slice(0, -1) + last,
      booked.token.replace(/^./, (ch) => (ch === "0" ? "1" : "0")),
    ]) {
      const res = await app.inject({
        method: "POST",
        url: "/consultation/lookup",
        headers,
        payload: { token },
      });
      expect(res.statusCode, token).toBe(403);
    }
    const ok = await app.inject({
      method: "POST",
      url: "/consultation/lookup",
      headers,
      payload: { token: booked.token },
    });
    expect(ok.json()).toMatchObject({ id: booked.id, status: "confirmed" });
    c.clock.set(new Date("2026-01-06T10:00:00.000Z"));
    const late = await app.inject({
      method: "POST",
      url: "/consultation/cancel",
      headers,
      payload: { token: booked.token },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: "meeting_gone" });
  });

  it.skipIf(skip)("sends each reminder once, 24 h before, with two instances on a fake clock", async () => {
    peer.mails.length = 0;
    const member = await c.member("Maya Perera");
    await bookOne("2026-01-08T10:00:00.000Z");
    const [a, b] = [c.worker(peer.url), c.worker(peer.url)];
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(peer.mails.filter((m) => m.headers.subject?.startsWith("Reminder"))).toEqual([]);
    c.clock.set(new Date("2026-01-07T09:59:00.000Z"));
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(peer.mails.filter((m) => m.headers.subject?.startsWith("Reminder"))).toEqual([]);
    c.clock.set(new Date("2026-01-07T10:00:00.000Z"));
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    c.clock.advance(60 * 60_000);
    await Promise.all([a.runOnce(), b.runOnce()]);
    const reminders = peer.mails.filter((m) => m.headers.subject?.startsWith("Reminder"));
    expect(reminders.map((m) => m.envelope.to[0]).sort()).toEqual(["ada@example.com", member.email].sort());
    await Promise.all([a.stop(), b.stop()]);
  });

  it.skipIf(skip)(
    "tells a member the meeting moved away from them (CANCEL) and invites the one it moved to",
    async () => {
      peer.mails.length = 0;
      const maya = await c.member("Maya Perera");
      const ravi = await c.member("Ravi Fernando");
      const { app, booked } = await bookOne();
      const first = (await c.db.selectFrom("consultations").select("staff_id").executeTakeFirstOrThrow())
        .staff_id;
      const [owner, other] = first === maya.id ? [maya, ravi] : [ravi, maya];
      const w = c.worker(peer.url);
      await w.runOnce();
      peer.mails.length = 0;
      // The owner takes Thursday off: a move to Thursday goes to the other member.
      await saveMember(
        c.db,
        owner.id,
        {
          zone: "Europe/London",
          takesConsultations: true,
          hours: DEFAULT_WEEK_HOURS,
          daysOff: ["2026-01-08"],
        },
        owner,
        c.clock.now(),
      );
      const moved = await app.inject({
        method: "POST",
        url: "/consultation/reschedule",
        headers,
        payload: { token: booked.token, start: "2026-01-08T15:00:00.000Z", zone: "Europe/London" },
      });
      expect(moved.statusCode).toBe(200);
      const meeting = await c.db
        .selectFrom("consultations")
        .selectAll()
        .where("lead_id", "=", booked.id)
        .executeTakeFirstOrThrow();
      expect(meeting.staff_id).toBe(other.id);
      const lead = await c.db
        .selectFrom("leads")
        .select("assignee")
        .where("id", "=", booked.id)
        .executeTakeFirstOrThrow();
      expect(lead.assignee).toBe(other.id);
      await w.runOnce();
      expect(peer.mailsTo(owner.email)).toHaveLength(1);
      expect(calendarsOf(peer.mailsTo(owner.email)[0]!.raw)[0]).toMatchObject({
        method: "CANCEL",
        sequence: 1,
        attendees: expect.arrayContaining([owner.email]),
      });
      expect(calendarsOf(peer.mailsTo(other.email)[0]!.raw)[0]).toMatchObject({
        method: "REQUEST",
        sequence: 1,
        start: "2026-01-08T15:00:00.000Z",
      });
      await w.stop();
    },
  );
});
