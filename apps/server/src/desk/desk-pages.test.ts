import { STATIC_SECURITY_HEADERS } from "@site/site-policy";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config/config";
import { useDesk } from "../../test/desk-helpers";

describe("desk pages and headers", () => {
  const d = useDesk("sqlite");

  it("serves the app for every page path, its files by path, and 404 for unknown files", async () => {
    const app = await d.desk();
    for (const url of ["/", "/leads/01990000-0000-7000-8000-000000000000", "/sign-in", "/enrol?x=1"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<title>Desk</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await app.inject({ method: "GET", url: "/assets/nope.js" })).statusCode).toBe(404);
    const escape = await app.inject({ method: "GET", url: "/%2e%2e/%2e%2e/etc/passwd" });
    expect(escape.body).not.toContain("root:");
    expect((await app.inject({ method: "POST", url: "/", payload: {} })).statusCode).toBe(404);
  });

  it("takes its public origin from DESK_PORT when DESK_URL is unset, from DESK_URL when set", () => {
    expect(loadConfig({}).DESK_URL).toBe("http://localhost:8100");
    expect(loadConfig({ DESK_PORT: "9120" }).DESK_URL).toBe("http://localhost:9120");
    expect(loadConfig({ DESK_PORT: "9120", DESK_URL: "https://desk.example.com/x" }).DESK_URL).toBe(
      "https://desk.example.com",
    );
  });

  it("sends the desk's strict CSP, noindex and the site's static security headers on everything", async () => {
    const app = await d.desk();
    for (const url of ["/", "/assets/app-abc123.js", "/api/session", "/api/leads"]) {
      const res = await app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("script-src 'self' 'sha256-fixture'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
      for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
        expect(res.headers[name.toLowerCase()], `${url} ${name}`).toBe(value);
      }
    }
    expect((await app.inject({ method: "GET", url: "/api/session" })).headers["cache-control"]).toBe(
      "no-store",
    );
  });

  it("answers 503 with the way out when the desk is not built, while the API works", async () => {
    const app = await d.desk({ DESK_BUILD_DIR: "/nonexistent/desk/build/client" });
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain("npm run build");
    expect((await app.inject({ method: "GET", url: "/api/session" })).statusCode).toBe(200);
  });
});
