// The desk cancels every upcoming meeting of one address in one step (issue 33, item 1): those that
// stand and those still waiting for their confirmation, not those begun nor anyone else's; one audit
// row names them; the visitor and the member get a cancellation only for what they were invited to.
import { describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/helpers";
import { bookingBody, calendarsOf, useConsultations } from "../../test/consultation-helpers";
import { useSmtpPeer } from "../../test/smtp-peer";

describe.each(BACKENDS)("cancelling every upcoming meeting of an address ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend);
  const peer = useSmtpPeer();

  it.skipIf(skip)(
    "cancels the address's standing and pending meetings in one step, audited, mailing only those invited",
    async () => {
      peer.mails.length = 0;
      const member = await c.member("Maya Perera");
      const book = async (start: string, email: string, confirm: boolean) => {
        const res = await c.post("/consultation", bookingBody(start, { email }));
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().id as string;
        if (confirm)
          expect(
            (await c.post("/consultation/confirm", { token: await c.confirmToken(id) })).statusCode,
          ).toBe(200);
        return id;
      };
      // Monday's meeting has begun by the time the desk acts: it is not upcoming, so it stays.
      const begun = await book("2026-01-05T10:00:00.000Z", "ada@example.com", true);
      c.clock.set(new Date("2026-01-05T10:00:00.000Z"));
      const standing = await book("2026-01-06T14:00:00.000Z", "ada@example.com", true);
      const pending = await book("2026-01-07T14:00:00.000Z", "Ada@Example.com", false);
      const other = await book("2026-01-08T14:00:00.000Z", "grace@example.com", true);
      const w = c.worker(peer.url);
      await w.runOnce();
      const before = peer.mailsTo("ada@example.com").length;

      const desk = await c.desk();
      const res = await desk.app.inject({
        method: "POST",
        url: `/api/consultations/${standing}/cancel-address`,
        headers: desk.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ cancelled: 2, leadIds: [standing, pending] });
      const status = async (id: string) =>
        (
          await c.db
            .selectFrom("consultations")
            .select("status")
            .where("lead_id", "=", id)
            .executeTakeFirstOrThrow()
        ).status;
      expect([
        await status(begun),
        await status(standing),
        await status(pending),
        await status(other),
      ]).toEqual(["confirmed", "cancelled", "cancelled", "confirmed"]);
      const audit = await c.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "consultation.cancel-address")
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_type: "staff", actor: desk.staff.id, lead_count: 2 });
      expect(JSON.parse(audit[0]!.lead_ids)).toEqual([standing, pending]);
      expect(JSON.parse(audit[0]!.detail)).toEqual({ cancelled: 2 });
      // Its holds are gone: the times are free, and the address may book again.
      expect(
        await c.db
          .selectFrom("consultation_cells")
          .select("lead_id")
          .where("lead_id", "in", [standing, pending])
          .execute(),
      ).toEqual([]);
      expect(
        await c.db
          .selectFrom("consultation_upcoming")
          .select("lead_id")
          .where("lead_id", "in", [standing, pending])
          .execute(),
      ).toEqual([]);

      await w.runOnce();
      const cancels = peer.mailsTo("ada@example.com").slice(before);
      expect(cancels.map((m) => calendarsOf(m.raw)[0])).toEqual([
        expect.objectContaining({ method: "CANCEL", uid: `consultation-${standing}@example.com` }),
      ]);
      expect(calendarsOf(peer.mailsTo(member.email).at(-1)!.raw)[0]).toMatchObject({
        method: "CANCEL",
        uid: `consultation-${standing}@example.com`,
      });
      expect(
        peer
          .mailsTo("grace@example.com")
          .every((m) => calendarsOf(m.raw).every((cal) => cal.method !== "CANCEL")),
      ).toBe(true);
      await w.stop();

      // Nothing upcoming is left: a second step cancels nothing; an unknown meeting is 404.
      const again = await desk.app.inject({
        method: "POST",
        url: `/api/consultations/${standing}/cancel-address`,
        headers: desk.headers,
      });
      expect(again.json()).toEqual({ cancelled: 0, leadIds: [] });
      const unknown = await desk.app.inject({
        method: "POST",
        url: "/api/consultations/01990000-0000-7000-8000-000000000000/cancel-address",
        headers: desk.headers,
      });
      expect(unknown.statusCode).toBe(404);
    },
  );
});
