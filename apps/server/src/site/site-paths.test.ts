// The site role's URL rules: decoding, canonical redirects, refusals, the 404 page and SPA fallback, methods.
import { describe, expect, it } from "vitest";
import { cspHash, rawGet, useSiteFixture } from "../../test/site-fixture";

const { fixture, get } = useSiteFixture();

describe("path resolution", () => {
  it("serves prerendered pages without a trailing slash", async () => {
    const res = await get("/about");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain("<h1>About Us</h1>");
    expect((await get("/")).body).toContain("<h1>Welcome home</h1>");
  });

  it("percent-decodes: %26 and the raw & serve the same page", async () => {
    const encoded = await get("/services/cctv-%26-surveillance-solutions");
    const raw = await get("/services/cctv-&-surveillance-solutions");
    expect(encoded.statusCode).toBe(200);
    expect(raw.statusCode).toBe(200);
    expect(encoded.body).toContain("CCTV &amp; Surveillance Solutions");
    expect(encoded.body).toBe(raw.body);
    expect((await get("/services/cctv-%26-surveillance-solutions.data")).statusCode).toBe(200);
  });

  it("redirects the trailing-slash and index.html forms to the canonical path, keeping the query", async () => {
    const slash = await get("/about/?ref=mail");
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/about?ref=mail");
    const index = await get("/about/index.html");
    expect(index.statusCode).toBe(301);
    expect(index.headers.location).toBe("/about");
    const cctv = await get("/services/cctv-%26-surveillance-solutions/");
    expect(cctv.statusCode).toBe(301);
    expect(cctv.headers.location).toBe("/services/cctv-&-surveillance-solutions");
  });

  it("ignores the query string for lookup", async () => {
    const res = await get("/about?utm_source=x&_routes=root");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("About Us");
  });

  it("answers 400 to malformed escapes", async () => {
    for (const url of ["/%E0%A4%A", "/about%", "/services/%zz"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["content-security-policy"], url).toContain("object-src 'none'");
    }
  });

  it("rejects traversal, NUL bytes and backslashes (raw request targets over a real socket)", async () => {
    // app.inject normalises dot segments away, so these go over HTTP exactly as written.
    const address = await fixture().app.listen({ host: "127.0.0.1", port: 0 });
    const port = Number(new URL(address).port);
    for (const url of [
      "/../package.json",
      "/assets/../../site-manifest.json",
      "/./about",
      "/%2e%2e/site-manifest.json",
      "/..%2fsite-manifest.json",
      "/about%00.html",
      "/..%5csite-manifest.json",
      "/assets%5capp-abc123.js",
    ]) {
      const res = await rawGet(port, url);
      expect(res.status, url).toBe(400);
      expect(res.body.toString(), url).not.toContain("connectOrigins");
    }
  });

  it("never serves dotfiles, static-host config or files outside the build", async () => {
    for (const url of ["/.secret", "/_headers", "/_redirects", "/site-manifest.json"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("not to be served");
      expect(res.body, url).not.toContain("Content-Security-Policy:");
    }
  });

  it("does not turn //host/ into an open redirect", async () => {
    const res = await get("//evil.example/");
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });
});

describe("404 page and SPA fallback", () => {
  it("serves the prerendered 404 page with status 404 for paths that match no route", async () => {
    for (const url of ["/no-such-page", "/about/team", "/services/x/y", "/404"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toContain("<h1>Page not found</h1>");
    }
  });

  it("serves the SPA fallback with status 404 for unknown ids of the dynamic routes", async () => {
    for (const url of [
      "/services/unknown",
      "/products/nope",
      "/careers/astronaut",
      "/services/unknown/",
      `/services/${"long-".repeat(60)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain("window.__fixture = 'spa';");
      expect(res.headers["content-security-policy"], url).toContain(cspHash("window.__fixture = 'spa';"));
    }
  });

  it("answers a missing asset or .data file with a short plain 404, not a page", async () => {
    for (const url of ["/assets/app-missing.js", "/services/unknown.data"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toBe("text/plain; charset=utf-8");
      expect(res.body, url).not.toContain("<html");
    }
  });
});

describe("methods", () => {
  it("supports HEAD with the GET headers and no body", async () => {
    const head = await fixture().app.inject({
      method: "HEAD",
      url: "/about",
      headers: { "accept-encoding": "gzip" },
    });
    const getRes = await get("/about", { "accept-encoding": "gzip" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(getRes.headers["content-length"]);
    expect(head.headers.etag).toBe(getRes.headers.etag);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect((await fixture().app.inject({ method: "HEAD", url: "/no-such-page" })).statusCode).toBe(404);
  });

  it("answers 405 with Allow to every other method", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const) {
      const res = await fixture().app.inject({ method, url: "/about" });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe("GET, HEAD");
      expect(res.headers["strict-transport-security"], method).toBe("max-age=31536000; includeSubDomains");
    }
  });
});
