import { describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../records/staff/session-store";
import { removeStaff } from "../records/staff/staff-store";
import { DESK_URL, useDesk } from "../../test/desk-helpers";
import { BACKENDS } from "../../test/helpers";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(BACKENDS)("desk sessions ($backend)", ({ backend, skip }) => {
  const d = useDesk(backend);

  async function probe(cookie: string) {
    const app = await d.desk();
    const res = await app.inject({ method: "GET", url: "/api/leads", headers: { cookie } });
    await app.close();
    return res.statusCode;
  }

  it.skipIf(skip)("stores only the token's hash, and sets the cookie HttpOnly, SameSite=Strict", async () => {
    const { token } = await d.signIn();
    const rows = await d.db.selectFrom("sessions").select("token_hash").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
  });

  it.skipIf(skip)("ends after 8 hours idle", async () => {
    const { cookie } = await d.signIn();
    d.clock.advance(SESSION_IDLE_MS - MINUTE);
    expect(await probe(cookie)).toBe(200); // and the session is seen again now
    d.clock.advance(SESSION_IDLE_MS - MINUTE);
    expect(await probe(cookie)).toBe(200);
    d.clock.advance(SESSION_IDLE_MS + MINUTE);
    expect(await probe(cookie)).toBe(401);
  });

  it.skipIf(skip)("ends 7 days after sign-in however busy", async () => {
    const { cookie } = await d.signIn();
    for (let elapsed = 0; elapsed + 7 * HOUR < SESSION_ABSOLUTE_MS; elapsed += 7 * HOUR) {
      d.clock.advance(7 * HOUR);
      expect(await probe(cookie)).toBe(200);
    }
    d.clock.advance(7 * HOUR);
    expect(await probe(cookie)).toBe(401);
  });

  it.skipIf(skip)("sign-out ends the session on the server, whatever the browser keeps", async () => {
    const { cookie } = await d.signIn();
    const app = await d.desk();
    const out = await app.inject({
      method: "POST",
      url: "/api/sign-out",
      headers: { cookie, origin: DESK_URL },
    });
    expect(out.statusCode).toBe(204);
    expect(out.headers["set-cookie"]).toMatch(/desk_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await app.inject({ method: "GET", url: "/api/leads", headers: { cookie } })).statusCode).toBe(
      401,
    );
    const probe = await app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
    expect(probe.json()).toEqual({ staff: null });
  });

  it.skipIf(skip)("a removed member's session stops working at once", async () => {
    const sam = await d.signIn("sam@example.com");
    const kim = await d.signIn("kim@example.com", "Kim");
    const app = await d.desk();
    expect(
      (await app.inject({ method: "GET", url: "/api/leads", headers: { cookie: sam.cookie } })).statusCode,
    ).toBe(200);
    expect(
      await removeStaff(d.db, "SAM@example.com ", d.clock.now(), { actorType: "cli", actor: "test" }),
    ).toBe(true);
    expect(
      (await app.inject({ method: "GET", url: "/api/leads", headers: { cookie: sam.cookie } })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: "/api/leads", headers: { cookie: kim.cookie } })).statusCode,
    ).toBe(200);
    const ended = await d.db
      .selectFrom("sessions")
      .select("ended_at")
      .where("staff_id", "=", sam.staff.id)
      .execute();
    expect(ended.every((s) => s.ended_at !== null)).toBe(true);
    const audit = await d.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "staff.remove")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ staffId: sam.staff.id, sessionsEnded: 1 });
  });

  it.skipIf(skip)("the session probe names the member", async () => {
    const { cookie, staff } = await d.signIn();
    const app = await d.desk();
    const res = await app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
    expect(res.json()).toEqual({ staff: { id: staff.id, email: "sam@example.com", name: "Sam Seller" } });
  });
});
