// The caps on upcoming meetings (issue 33, item 1): at most 2 per e-mail address and per client (an
// IPv4 address or an IPv6 /64, as the rate limit counts, behind TRUSTED_PROXIES), pending ones
// included while they hold, refused in words; tried at once from two instances on one database.
import { describe, expect, it } from "vitest";
import { BACKENDS } from "../../test/helpers";
import { withChallenge } from "../../test/challenge-helpers";
import { bookingBody, headers, useConsultations } from "../../test/consultation-helpers";
import { clientKey } from "../platform/http/client-key";

/** Eight working days of the test's fortnight, each a day of its own (one meeting per address per day). */
const DAYS = ["06", "07", "08", "09", "12", "13", "14", "15"].map((d) => `2026-01-${d}T10:00:00.000Z`);
const MINUTE = 60_000;
const LIMIT_WORDS =
  "You already have 2 upcoming consultations with us (a booking you have not confirmed yet counts for 15 minutes). To book another, cancel one with the link in its e-mail, or wait until one has taken place.";

describe.each(BACKENDS)("caps on upcoming meetings ($backend)", ({ backend, skip }) => {
  const c = useConsultations(backend);
  const env = { CONSULTATIONS_PER_CLIENT: "2" };

  /** Bookings sent at once, alternately to two instances; their status codes and bodies in order. */
  async function atOnce(requests: { start: string; email: string; ip: string; forwarded?: string }[]) {
    const apps = [await c.contact(env), await c.contact(env, { instance: 2 })];
    const answers = await Promise.all(
      requests.map(async (r, i) =>
        apps[i % 2]!.inject({
          method: "POST",
          url: "/consultation",
          headers: { ...headers, ...(r.forwarded ? { "x-forwarded-for": r.forwarded } : {}) },
          remoteAddress: r.ip,
          payload: await withChallenge(apps[i % 2]!, bookingBody(r.start, { email: r.email })),
        }),
      ),
    );
    return answers.map((a) => ({ status: a.statusCode, body: a.json() as Record<string, unknown> }));
  }
  const count = (answers: { status: number }[], status: number) =>
    answers.filter((a) => a.status === status).length;

  it.skipIf(skip)(
    "takes 2 upcoming meetings of one address from 8 tried at once on two instances, and one more once one lapses or starts",
    async () => {
      await c.member("Maya Perera");
      await c.member("Ravi Fernando");
      const answers = await atOnce(
        DAYS.map((start, i) => ({ start, email: "ada@example.com", ip: `192.0.2.${i + 1}` })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409)) {
        expect(a.body).toEqual({ error: "address_limit", message: LIMIT_WORDS, nextSlots: [] });
      }
      const stored = await c.db.selectFrom("consultations").select(["lead_id", "starts_at"]).execute();
      expect(stored).toHaveLength(2);
      // The address as any case, with spaces, is the same address.
      const again = await atOnce([{ start: DAYS[7]!, email: " ADA@Example.com ", ip: "192.0.2.99" }]);
      expect(again[0]!.body).toMatchObject({ error: "address_limit" });

      // A pending booking counts only while it holds: 15 minutes on, the address may book again.
      c.clock.advance(15 * MINUTE);
      const later = await atOnce(
        [DAYS[5]!, DAYS[6]!, DAYS[7]!].map((start, i) => ({
          start,
          email: "ada@example.com",
          ip: `192.0.2.${50 + i}`,
        })),
      );
      expect(later.map((a) => a.status).sort()).toEqual([201, 201, 409]);
      // The two lapsed, the two taken now (refusals store nothing).
      expect(await c.db.selectFrom("consultations").select("lead_id").execute()).toHaveLength(4);
    },
  );

  it.skipIf(skip)(
    "counts a standing meeting until it starts: the address books again once one has begun",
    async () => {
      await c.member("Maya Perera");
      await c.settings({ confirmEmail: false });
      const first = await atOnce([
        { start: DAYS[0]!, email: "ada@example.com", ip: "192.0.2.1" },
        { start: DAYS[1]!, email: "ada@example.com", ip: "192.0.2.2" },
      ]);
      expect(first.map((a) => a.status)).toEqual([201, 201]);
      expect(
        (await atOnce([{ start: DAYS[2]!, email: "ada@example.com", ip: "192.0.2.3" }]))[0]!.status,
      ).toBe(409);
      // Tuesday 10:00, the first meeting begins: it is no longer upcoming.
      c.clock.set(new Date(DAYS[0]!));
      const after = await atOnce([{ start: DAYS[2]!, email: "ada@example.com", ip: "192.0.2.3" }]);
      expect(after[0]!.status, JSON.stringify(after[0]!.body)).toBe(201);
      // A cancelled one frees its place at once.
      const full = await atOnce([{ start: DAYS[3]!, email: "ada@example.com", ip: "192.0.2.4" }]);
      expect(full[0]!.body).toMatchObject({ error: "address_limit" });
      const meeting = await c.db
        .selectFrom("consultations as m")
        .innerJoin("leads as l", "l.id", "m.lead_id")
        .select("m.lead_id")
        .where("l.email", "=", "ada@example.com")
        .where("m.starts_at", "=", DAYS[1]!)
        .executeTakeFirstOrThrow();
      const desk = await c.desk();
      await desk.app.inject({
        method: "POST",
        url: `/api/consultations/${meeting.lead_id}/cancel`,
        headers: desk.headers,
      });
      expect(
        (await atOnce([{ start: DAYS[3]!, email: "ada@example.com", ip: "192.0.2.4" }]))[0]!.status,
      ).toBe(201);
    },
  );

  it.skipIf(skip)(
    "takes 2 upcoming meetings per client: one IPv4 address, one IPv6 /64 (IPv4-mapped counts as IPv4), behind a trusted proxy",
    async () => {
      await c.member("Maya Perera");
      await c.member("Ravi Fernando");
      const v4 = await atOnce(
        DAYS.slice(0, 6).map((start, i) => ({ start, email: `v4-${i}@example.com`, ip: "203.0.113.7" })),
      );
      expect(count(v4, 201)).toBe(2);
      expect(count(v4, 409)).toBe(4);
      expect(v4.find((a) => a.status === 409)!.body).toEqual({
        error: "client_limit",
        message:
          "2 upcoming consultations have already been booked from your internet connection. To book another, cancel one with the link in its e-mail, wait until one has taken place, or e-mail or call us.",
        nextSlots: [],
      });
      const mapped = await atOnce([
        { start: DAYS[6]!, email: "mapped@example.com", ip: "::ffff:203.0.113.7" },
      ]);
      expect(mapped[0]!.body).toMatchObject({ error: "client_limit" });

      // Addresses of one /64 are one client, whatever the last 64 bits; the next /64 is another.
      const v6 = await atOnce(
        DAYS.slice(0, 6).map((start, i) => ({
          start: start.replace("10:00", "14:00"),
          email: `v6-${i}@example.com`,
          ip: `2001:db8:1:2:${i}::${i + 1}`,
        })),
      );
      expect(count(v6, 201)).toBe(2);
      expect(v6.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(
        Array(4).fill("client_limit"),
      );
      const next64 = await atOnce([
        { start: DAYS[7]!.replace("10:00", "14:00"), email: "n@example.com", ip: "2001:db8:1:3::1" },
      ]);
      expect(next64[0]!.status).toBe(201);

      // Behind a trusted proxy the client is the one it names, not the proxy.
      const proxied = c.contact({ ...env, TRUSTED_PROXIES: "10.0.0.1" });
      const viaProxy = async (forwarded: string, start: string, email: string) =>
        (await proxied).inject({
          method: "POST",
          url: "/consultation",
          headers: { ...headers, "x-forwarded-for": forwarded },
          remoteAddress: "10.0.0.1",
          payload: await withChallenge(await proxied, bookingBody(start, { email })),
        });
      expect(
        (await viaProxy("198.51.100.9", DAYS[0]!.replace("10:00", "15:00"), "p1@example.com")).statusCode,
      ).toBe(201);
      expect(
        (await viaProxy("198.51.100.9", DAYS[1]!.replace("10:00", "15:00"), "p2@example.com")).statusCode,
      ).toBe(201);
      expect(
        (await viaProxy("198.51.100.9", DAYS[2]!.replace("10:00", "15:00"), "p3@example.com")).json(),
      ).toMatchObject({
        error: "client_limit",
      });
      expect(
        (await viaProxy("198.51.100.10", DAYS[2]!.replace("10:00", "15:00"), "p4@example.com")).statusCode,
      ).toBe(201);

      // What is kept of a client is a keyed hash, never its address.
      const keys = await c.db
        .selectFrom("consultation_upcoming")
        .select("key_hash")
        .where("scope", "=", "client")
        .execute();
      expect(new Set(keys.map((k) => k.key_hash)).size).toBe(5);
      for (const { key_hash } of keys) {
        expect(key_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(key_hash).not.toContain("203.0.113");
      }
      expect(JSON.stringify(await c.db.selectFrom("leads").selectAll().execute())).not.toMatch(
        /203\.0\.113|2001:db8/,
      );
    },
  );
});

describe("one client", () => {
  it("is named as the rate limit names it (client-key.ts)", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::");
    expect(clientKey("2001:DB8:1:2::1")).toBe(clientKey("2001:db8:1:2:ffff::9"));
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
  });
});
