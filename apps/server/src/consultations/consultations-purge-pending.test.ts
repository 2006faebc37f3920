// A booking never confirmed is not kept (issue 33, item 1): it goes at the next purge once its hold
// has lapsed and its link's delivery is settled; a confirmed one stays.
import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION } from "@site/contracts";
import { purgeExpired } from "../privacy/data-rights";
import { BACKENDS } from "../../test/helpers";
import { bookingBody, useConsultations } from "../../test/consultation-helpers";
import { useSmtpPeer } from "../../test/smtp-peer";

const TUESDAY_10 = "2026-01-06T10:00:00.000Z";
const MINUTE = 60_000;

describe.each(BACKENDS)("an unconfirmed booking at the purge ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend);
  const peer = useSmtpPeer();

  it.skipIf(skip)(
    "deletes a booking never confirmed at the next purge, keeps a confirmed one, and its caps once it began",
    async () => {
      await c.member("Maya Perera");
      const lapsed = (await c.post("/consultation", bookingBody(TUESDAY_10))).json();
      const kept = (
        await c.post("/consultation", bookingBody("2026-01-07T10:00:00.000Z", { email: "k@example.com" }))
      ).json();
      expect(
        (await c.post("/consultation/confirm", { token: await c.confirmToken(kept.id) })).statusCode,
      ).toBe(200);
      const actor = { actorType: "cli" as const, actor: "test" };
      const w = c.worker(peer.url);
      // While its hold lasts, the purge leaves it.
      await purgeExpired(c.database, { retention: DEFAULT_RETENTION, now: c.clock.now(), actor });
      expect(await c.db.selectFrom("leads").select("id").orderBy("id").execute()).toHaveLength(2);
      c.clock.advance(15 * MINUTE);
      // Its link, not sent in time, is recorded as skipped (a delivery still due would keep the lead).
      await w.runOnce();
      await w.stop();
      const purged = await purgeExpired(c.database, {
        retention: DEFAULT_RETENTION,
        now: c.clock.now(),
        actor,
      });
      expect(purged.leadIds).toEqual([lapsed.id]);
      expect((await c.db.selectFrom("leads").select("id").execute()).map((l) => l.id)).toEqual([kept.id]);
      expect(await c.db.selectFrom("consultation_upcoming").select("lead_id").distinct().execute()).toEqual([
        { lead_id: kept.id },
      ]);
      // Once the meeting has begun, its places among the address's and the client's upcoming ones (a
      // hash of the visitor's network address among them) are not kept: the meeting itself is.
      c.clock.set(new Date("2026-01-07T10:00:00.000Z"));
      await purgeExpired(c.database, { retention: DEFAULT_RETENTION, now: c.clock.now(), actor });
      expect(await c.db.selectFrom("consultation_upcoming").selectAll().execute()).toEqual([]);
      expect(
        (await c.db.selectFrom("consultations").select("lead_id").execute()).map((r) => r.lead_id),
      ).toEqual([kept.id]);
    },
  );
});
