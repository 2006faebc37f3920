import { describe, expect, it } from "vitest";
import { PUBLIC_API_ROUTES } from "../records/staff/guard";
import { DESK_URL, FOREIGN_ORIGIN, useDesk } from "../../test/desk-helpers";
import { BACKENDS } from "../../test/helpers";

const SAMPLE_ID = "01990000-0000-7000-8000-000000000000";
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Live chat's routes are in the table only when it is on (issue 27): the walks include them. */
const CHAT_ON = { LIVE_CHAT: "on" };

describe.each(BACKENDS)("desk route table ($backend)", ({ backend, skip }) => {
  const d = useDesk(backend);

  /** Every API route of the server's route table, as "METHOD /url" with a sample id in it. */
  async function apiRoutes() {
    await d.desk(CHAT_ON);
    const list = d.routes.flatMap((r) =>
      [r.method].flat().map((method) => ({ method, url: r.url, key: `${method} ${r.url}` })),
    );
    return list.filter((r) => r.url.startsWith("/api/"));
  }
  const concrete = (url: string) => url.replace(/:id\b/g, SAMPLE_ID);

  it.skipIf(skip)("lists the routes it expects, and the public list names only real routes", async () => {
    const keys = (await apiRoutes()).map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        ...PUBLIC_API_ROUTES,
        "GET /api/leads",
        "PATCH /api/leads/:id",
        "GET /api/site-speed",
        "GET /api/consultations",
        "GET /api/consultations/slots",
        "POST /api/consultations/:id/reschedule",
        "POST /api/consultations/:id/cancel",
        "POST /api/consultations/:id/cancel-address",
        "GET /api/consultations/availability",
        "PUT /api/consultations/members/:id",
        "PUT /api/consultations/settings",
        "GET /api/chats",
        "GET /api/chats/events",
        "GET /api/chats/:id/stream",
        "POST /api/chats/:id/messages",
        "PUT /api/chats/availability",
        "GET /api/content",
        "POST /api/content/publish",
        "POST /api/content/restore",
        "GET /api/keystatic/*",
        "POST /api/keystatic/*",
      ]),
    );
    expect(keys.length).toBeGreaterThan(PUBLIC_API_ROUTES.length + 5);
  });

  it.skipIf(skip)("answers 401 on every private route without a session (and with a bad one)", async () => {
    const routes = (await apiRoutes()).filter((r) => !PUBLIC_API_ROUTES.includes(r.key));
    const app = await d.desk(CHAT_ON);
    for (const r of routes) {
      for (const cookie of [undefined, "desk_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
        const res = await app.inject({
          method: r.method as "GET",
          url: concrete(r.url),
          headers: { origin: DESK_URL, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
          payload: STATE_CHANGING.has(r.method) ? "{}" : undefined,
        });
        expect(res.statusCode, `${r.key} (${cookie ? "bad cookie" : "no cookie"})`).toBe(401);
        expect(res.headers["cache-control"]).toBe("no-store");
        if (r.method !== "HEAD") expect(res.json().error).toBe("unauthorized");
      }
    }
  });

  it.skipIf(skip)(
    "answers 403 on every state-changing route to a foreign Origin, or none, even signed in",
    async () => {
      const routes = (await apiRoutes()).filter((r) => STATE_CHANGING.has(r.method));
      expect(routes.length).toBeGreaterThanOrEqual(PUBLIC_API_ROUTES.length);
      const { cookie } = await d.signIn();
      const app = await d.desk(CHAT_ON);
      for (const r of routes) {
        for (const origin of [FOREIGN_ORIGIN, "http://localhost:8101", undefined]) {
          const res = await app.inject({
            method: r.method as "POST",
            url: concrete(r.url),
            headers: { cookie, "content-type": "application/json", ...(origin ? { origin } : {}) },
            payload: "{}",
          });
          expect(res.statusCode, `${r.key} from ${origin ?? "no origin"}`).toBe(403);
          expect(res.json().error).toBe("origin_not_allowed");
        }
      }
    },
  );

  it.skipIf(skip)(
    "guards a percent-encoded API path (/%61pi/…) as the path the router gives it",
    async () => {
      const routes = (await apiRoutes()).filter((r) => !PUBLIC_API_ROUTES.includes(r.key));
      const app = await d.desk(CHAT_ON);
      for (const r of routes) {
        const url = concrete(r.url).replace(/^\/api\//, "/%61pi/");
        const payload = STATE_CHANGING.has(r.method) ? "{}" : undefined;
        const headers = { "content-type": "application/json" };
        const anonymous = await app.inject({
          method: r.method as "GET",
          url,
          headers: { ...headers, origin: DESK_URL },
          payload,
        });
        expect(anonymous.statusCode, `${r.method} ${url} without a session`).toBe(401);
        if (STATE_CHANGING.has(r.method)) {
          const foreign = await app.inject({
            method: r.method as "POST",
            url,
            headers: { ...headers, origin: FOREIGN_ORIGIN },
            payload,
          });
          expect(foreign.statusCode, `${r.method} ${url} from a foreign origin`).toBe(403);
        }
      }
    },
  );

  it.skipIf(skip)("answers a body its schema refuses with 400 and a message, never a 500", async () => {
    const app = await d.desk();
    const headers = { origin: DESK_URL, "content-type": "application/json" };
    for (const url of ["/api/sign-in/verify", "/api/enrol/verify", "/api/enrol/options"]) {
      const res = await app.inject({ method: "POST", url, headers, payload: "{}" });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: "validation_failed", message: expect.any(String) });
    }
    const { cookie } = await d.signIn();
    const id = await d.lead();
    for (const payload of [{ status: "maybe" }, {}]) {
      const res = await app.inject({
        method: "PATCH",
        url: `/api/leads/${id}`,
        headers: { ...headers, cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed", message: expect.any(String) });
    }
  });

  it.skipIf(skip)("answers the public routes without a session", async () => {
    const app = await d.desk();
    const probe = await app.inject({ method: "GET", url: "/api/session" });
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ staff: null });
    const options = await app.inject({
      method: "POST",
      url: "/api/sign-in/options",
      headers: { origin: DESK_URL },
      payload: {},
    });
    expect(options.statusCode).toBe(200);
    expect(options.json().options).toMatchObject({ rpId: "localhost", userVerification: "preferred" });
  });

  it.skipIf(skip)("keeps unknown API paths behind the session too", async () => {
    const app = await d.desk();
    expect((await app.inject({ method: "GET", url: "/api/nothing-here" })).statusCode).toBe(401);
    const { cookie } = await d.signIn();
    const res = await app.inject({ method: "GET", url: "/api/nothing-here", headers: { cookie } });
    expect(res.statusCode).toBe(404);
  });
  it.skipIf(skip)(
    "rate-limits the sign-in ceremonies per client address, not the session probe",
    async () => {
      const app = await d.desk({ DESK_RATE_LIMIT_PER_MINUTE: "3" });
      const options = () =>
        app.inject({
          method: "POST",
          url: "/api/sign-in/options",
          headers: { origin: DESK_URL },
          payload: {},
        });
      for (let i = 0; i < 3; i++) expect((await options()).statusCode).toBe(200);
      const refused = await options();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      expect((await app.inject({ method: "GET", url: "/api/session" })).statusCode).toBe(200);
    },
  );

  it.skipIf(skip)("marks the session cookie Secure when DESK_URL is https, and only then", async () => {
    for (const [origin, secure] of [
      ["https://desk.example.com", true],
      [DESK_URL, false],
    ] as const) {
      const app = await d.desk({ DESK_URL: origin });
      const { cookie } = await d.signIn(`member-${secure}@example.com`);
      const res = await app.inject({ method: "POST", url: "/api/sign-out", headers: { cookie, origin } });
      expect(res.statusCode).toBeLessThan(300);
      const set = String(res.headers["set-cookie"]);
      expect(set).toMatch(/HttpOnly/i);
      expect(set).toMatch(/SameSite=Strict/i);
      expect(/;\s*Secure/i.test(set)).toBe(secure);
      await app.close();
    }
  });
});
