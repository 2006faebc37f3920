// Bookings only from confirmed addresses (issue 33, item 1): the visitor's first mail holds a
// confirmation link and no invitation; the slot is held for 15 minutes (a fake clock) and freed if not
// confirmed, also for another instance and with no worker run; the invitations go only once confirmed.
import { describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/helpers";
import { withChallenge } from "../../test/challenge-helpers";
import {
  bookingBody,
  calendarsOf,
  headers,
  parseCalendar,
  readable,
  useConsultations,
} from "../../test/consultation-helpers";
import { useSmtpPeer } from "../../test/smtp-peer";
import { signLink } from "./link-token";

const TUESDAY_10 = "2026-01-06T10:00:00.000Z";
const MINUTE = 60_000;

describe.each(BACKENDS)("a booking waits for its confirmed address ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend);
  const peer = useSmtpPeer();

  const slots = async (instance: 1 | 2 = 1) => {
    const app = await c.contact({}, { instance });
    const res = await app.inject({ method: "GET", url: "/consultation/slots?zone=Europe%2FLondon" });
    return (res.json() as { days: { slots: string[] }[] }).days.flatMap((d) => d.slots);
  };
  /** The confirmation link's token in the visitor's mail. */
  const confirmToken = (raw: string) =>
    /\/consultation#confirm=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(readable(raw))?.[1];

  it.skipIf(skip)(
    "mails the visitor a confirmation link and no invitation; confirmed, the invitations and the team's mail go",
    async () => {
      peer.mails.length = 0;
      const member = await c.member("Maya Perera");
      const res = await c.post("/consultation", bookingBody(TUESDAY_10));
      expect(res.statusCode).toBe(201);
      const pending = res.json();
      // No link to manage it and no invitation on the page before the address is confirmed.
      expect(pending).toEqual({
        id: expect.any(String),
        status: "pending",
        start: TUESDAY_10,
        end: "2026-01-06T10:30:00.000Z",
        zone: "Europe/London",
        service: "erp-consultation",
        serviceLabel: "ERP Consultation",
        confirmBy: "2026-01-05T06:15:00.000Z",
      });
      const channels = async () =>
        (await c.db.selectFrom("outbox").select("channel").where("lead_id", "=", pending.id).execute())
          .map((o) => o.channel)
          .sort();
      expect(await channels()).toEqual(["confirm-link"]);
      // Kept out of the inbox (as spam is) until confirmed.
      const lead = () =>
        c.db.selectFrom("leads").selectAll().where("id", "=", pending.id).executeTakeFirstOrThrow();
      expect(Number((await lead()).is_spam)).toBe(1);

      const w = c.worker(peer.url);
      await w.runOnce();
      expect(peer.mails.map((m) => m.envelope.to)).toEqual([["ada@example.com"]]);
      const [first] = peer.mailsTo("ada@example.com");
      expect(first!.headers.subject).toBe("Confirm your free consultation");
      expect(first!.text).toContain("within 15 minutes, before 06:15 (London time)");
      expect(calendarsOf(first!.raw)).toEqual([]);
      expect(first!.raw).not.toMatch(/text\/calendar/i);
      const token = confirmToken(first!.raw)!;
      expect(token).toMatch(new RegExp(`^${pending.id}\\.`));

      // Nothing else goes while it waits, however often the worker runs.
      c.clock.advance(5 * MINUTE);
      await w.runOnce();
      expect(peer.mails).toHaveLength(1);

      const confirmed = await c.post("/consultation/confirm", { token });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ id: pending.id, status: "confirmed", start: TUESDAY_10 });
      expect(confirmed.json().token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
      expect(parseCalendar(confirmed.json().ics)).toMatchObject({
        method: "REQUEST",
        start: TUESDAY_10,
      });
      expect(Number((await lead()).is_spam)).toBe(0);
      expect(await channels()).toEqual(
        ["confirm-link", "email", "invitation", "member-invitation", "member-reminder", "reminder"].sort(),
      );
      await w.runOnce();
      expect(peer.mailsTo("ada@example.com")[1]!.headers.subject).toBe("Your free consultation is booked");
      expect(calendarsOf(peer.mailsTo("ada@example.com")[1]!.raw)[0]).toMatchObject({ method: "REQUEST" });
      expect(calendarsOf(peer.mailsTo(member.email)[0]!.raw)[0]).toMatchObject({ method: "REQUEST" });
      expect(peer.mailsTo("sales@example.com")).toHaveLength(1);

      // The link again (a second click) answers the meeting as it stands; nothing is sent twice.
      const again = await c.post("/consultation/confirm", { token });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: "confirmed", token: confirmed.json().token });
      await w.runOnce();
      expect(peer.mails).toHaveLength(4);
      // Each token is for its own purpose: the confirmation's does not manage, the manage link's does not confirm.
      expect((await c.post("/consultation/lookup", { token })).statusCode).toBe(403);
      expect((await c.post("/consultation/confirm", { token: confirmed.json().token })).statusCode).toBe(403);
      await w.stop();
    },
  );

  it.skipIf(skip)(
    "holds the slot for 15 minutes, then frees it for another instance with no worker run; a late confirmation is refused",
    async () => {
      peer.mails.length = 0;
      await c.member("Maya Perera");
      const first = await c.post("/consultation", bookingBody(TUESDAY_10));
      expect(first.statusCode).toBe(201);
      expect(await slots(2)).not.toContain(TUESDAY_10);
      const other = bookingBody(TUESDAY_10, { email: "grace@example.com", name: "Grace Hopper" });
      expect((await c.post("/consultation", other, 2)).json()).toMatchObject({ error: "slot_taken" });

      // One millisecond before the 15 minutes end, the hold still stands, on either instance.
      c.clock.advance(15 * MINUTE - 1);
      expect(await slots(2)).not.toContain(TUESDAY_10);
      expect((await c.post("/consultation", other, 2)).statusCode).toBe(409);
      c.clock.advance(1);
      expect(await slots(2)).toContain(TUESDAY_10);
      expect(await slots(1)).toContain(TUESDAY_10);
      const second = await c.post("/consultation", other, 2);
      expect(second.statusCode, second.body).toBe(201);

      // The first visitor's link, opened too late: refused in words, and it takes nothing back.
      const token = await c.confirmToken(first.json().id);
      const late = await c.post("/consultation/confirm", { token });
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({
        error: "confirmation_expired",
        message:
          "This booking was not confirmed within 15 minutes, so its time was freed. Please choose a time and book again.",
      });
      expect(
        (
          await c.post("/consultation/lookup", { token: signLink(await c.linkSecret(), first.json().id) })
        ).json(),
      ).toMatchObject({ status: "expired" });
      // Its link was never mailed (no worker ran): it is not mailed now either.
      const w = c.worker(peer.url);
      await w.runOnce();
      expect(peer.mailsTo("ada@example.com")).toEqual([]);
      expect(peer.mailsTo("grace@example.com")).toHaveLength(1);
      await w.stop();
      // The second visitor confirms in time and keeps the slot.
      const mine = confirmToken(peer.mailsTo("grace@example.com")[0]!.raw)!;
      expect((await c.post("/consultation/confirm", { token: mine }, 2)).json()).toMatchObject({
        status: "confirmed",
      });
      expect(await slots(1)).not.toContain(TUESDAY_10);
    },
  );

  it.skipIf(skip)(
    "confirms only with every hold still its own: a lapsed hold taken by a neighbour's buffer refuses the late link",
    async () => {
      await c.member("Maya Perera");
      const first = await c.post("/consultation", bookingBody(TUESDAY_10));
      c.clock.advance(16 * MINUTE);
      // 10:30 is taken by a meeting whose buffer does not reach, but 09:30 + 30 min + 15 min takes 10:00's
      // first cell: the late link must not confirm a meeting whose time overlaps another's.
      const neighbour = await c.post(
        "/consultation",
        bookingBody("2026-01-06T09:30:00.000Z", { email: "n@example.com" }),
      );
      expect(neighbour.statusCode).toBe(201);
      const token = await c.confirmToken(first.json().id);
      // Even with the hold's end set back in the future (a clock that disagrees), a lost cell refuses it.
      await c.db
        .updateTable("consultations")
        .set({ hold_until: "2026-01-05T07:00:00.000Z" })
        .where("lead_id", "=", first.json().id)
        .execute();
      for (const table of [
        "consultation_cells",
        "consultation_seats",
        "consultation_address_days",
        "consultation_upcoming",
      ] as const) {
        await c.db
          .updateTable(table)
          .set({ held_until: "2026-01-05T07:00:00.000Z" })
          .where("lead_id", "=", first.json().id)
          .execute();
      }
      const late = await c.post("/consultation/confirm", { token });
      expect(late.statusCode).toBe(410);
      expect(
        await c.db
          .selectFrom("consultations")
          .select("status")
          .where("lead_id", "=", first.json().id)
          .executeTakeFirst(),
      ).toEqual({ status: "pending" });
    },
  );

  it.skipIf(skip)(
    "cannot move a pending meeting; the honeypot is answered as a pending booking; with the setting off a booking stands at once",
    async () => {
      await c.member("Maya Perera");
      const booked = await c.post("/consultation", bookingBody(TUESDAY_10));
      const manage = signLink(await c.linkSecret(), booked.json().id);
      const move = await c.post("/consultation/reschedule", {
        token: manage,
        start: "2026-01-07T10:00:00.000Z",
        zone: "Europe/London",
      });
      expect(move.statusCode).toBe(409);
      expect(move.json()).toMatchObject({ error: "not_confirmed" });

      const bot = await c.post(
        "/consultation",
        bookingBody("2026-01-08T10:00:00.000Z", { email: "bot@example.com", website: "x" }),
      );
      expect(bot.statusCode).toBe(201);
      expect(Object.keys(bot.json()).sort()).toEqual(Object.keys(booked.json()).sort());
      expect(bot.json()).toMatchObject({ status: "pending", confirmBy: "2026-01-05T06:15:00.000Z" });

      // A process that cannot mail (no SMTP_URL) cannot send the link: its bookings stand at once.
      const noMailApp = await c.contact({ SMTP_URL: "" });
      const noMail = await noMailApp.inject({
        method: "POST",
        url: "/consultation",
        headers,
        payload: await withChallenge(
          noMailApp,
          bookingBody("2026-01-12T10:00:00.000Z", { email: "m@example.com" }),
        ),
      });
      expect(noMail.json()).toMatchObject({ status: "confirmed" });

      const desk = await c.desk();
      const settings = (
        await desk.app.inject({
          method: "GET",
          url: "/api/consultations/availability",
          headers: desk.headers,
        })
      ).json().settings;
      expect(settings.confirmEmail).toBe(true);
      const saved = await desk.app.inject({
        method: "PUT",
        url: "/api/consultations/settings",
        headers: desk.headers,
        payload: { ...settings, confirmEmail: false },
      });
      expect(saved.statusCode).toBe(200);
      const audit = await c.db
        .selectFrom("audit_log")
        .select("detail")
        .where("action", "=", "consultation.settings")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.detail)).toMatchObject({ confirmEmail: false });
      const now = await c.post(
        "/consultation",
        bookingBody("2026-01-09T10:00:00.000Z", { email: "b@example.com" }),
      );
      expect(now.json()).toMatchObject({
        status: "confirmed",
        token: expect.any(String),
        ics: expect.any(String),
      });
      expect(
        (await c.db.selectFrom("outbox").select("channel").where("lead_id", "=", now.json().id).execute())
          .map((o) => o.channel)
          .sort(),
      ).toEqual(["email", "invitation", "member-invitation", "member-reminder", "reminder"].sort());
    },
  );
});
