// A booking never confirmed is not kept (issue 33, item 1): it goes at the next purge once its hold
// has lapsed and its link's delivery is settled; a confirmed one stays.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION } from "@site/contracts";
import { purgeExpired } from "../privacy/data-rights";
import { BACKENDS } from "../../test/helpers";
import { withChallenge } from "../../test/challenge-helpers";
import { bookingBody, headers, useConsultations } from "../../test/consultation-helpers";
import { createSmtpPeer, type SmtpPeer } from "../../test/smtp-peer";
import { signLink } from "./link-token";

const TUESDAY_10 = "2026-01-06T10:00:00.000Z";
const MINUTE = 60_000;

describe.each(BACKENDS)("an unconfirmed booking at the purge ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend);
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await createSmtpPeer();
    await peer.start();
  });
  afterAll(async () => peer.stop());

  /** POST `payload` to `path` (a booking with a solved challenge). */
  const post = async (path: string, payload: object) => {
    const app = await c.contact({ MAIL_FROM: "Ceylon Bridge <no-reply@example.com>" });
    const body = path === "/consultation" ? await withChallenge(app, payload) : payload;
    return app.inject({ method: "POST", url: path, headers, payload: body });
  };
  /** The links' key, as the server made it (stored in the database at first use). */
  async function secret() {
    const row = await c.db
      .selectFrom("server_secrets")
      .select("value")
      .where("name", "=", "consultation-link-hmac")
      .executeTakeFirstOrThrow();
    return Buffer.from(row.value, "base64");
  }

  it.skipIf(skip)(
    "deletes a booking never confirmed at the next purge, and keeps a confirmed one",
    async () => {
      await c.member("Maya Perera");
      const lapsed = (await post("/consultation", bookingBody(TUESDAY_10))).json();
      const kept = (
        await post("/consultation", bookingBody("2026-01-07T10:00:00.000Z", { email: "k@example.com" }))
      ).json();
      expect(
        (await post("/consultation/confirm", { token: signLink(await secret(), kept.id, "confirm") }))
          .statusCode,
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
    },
  );
});
