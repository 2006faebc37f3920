import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import {
  ABOUT_SCRIPT,
  APP_JS,
  FILES,
  type Fixture,
  HOME_SCRIPT,
  MODULE_SCRIPT,
  cspHash,
  rawGet,
  startFixture,
} from "./site-fixture";

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fx.app.inject({ method: "GET", url, headers });

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
    const address = await fx.app.listen({ host: "127.0.0.1", port: 0 });
    const port = Number(new URL(address).port);
    for (const url of [
      "/../package.json",
      "/assets/../../csp-manifest.json",
      "/./about",
      "/%2e%2e/csp-manifest.json",
      "/..%2fcsp-manifest.json",
      "/about%00.html",
      "/..%5ccsp-manifest.json",
      "/assets%5capp-abc123.js",
    ]) {
      const res = await rawGet(port, url);
      expect(res.status, url).toBe(400);
      expect(res.body.toString(), url).not.toContain("connectOrigins");
    }
  });

  it("never serves dotfiles, static-host config or files outside the build", async () => {
    for (const url of ["/.secret", "/_headers", "/_redirects", "/csp-manifest.json"]) {
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
    const head = await fx.app.inject({
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
    expect((await fx.app.inject({ method: "HEAD", url: "/no-such-page" })).statusCode).toBe(404);
  });

  it("answers 405 with Allow to every other method", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const) {
      const res = await fx.app.inject({ method, url: "/about" });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe("GET, HEAD");
      expect(res.headers["strict-transport-security"], method).toBe("max-age=31536000; includeSubDomains");
    }
  });
});

describe("caching", () => {
  it("HTML: no-cache with validators", async () => {
    const res = await get("/about");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers["last-modified"]).toMatch(/GMT$/);
  });

  it("hashed assets: a year, immutable", async () => {
    const res = await get("/assets/app-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("other static files: one hour with validators; .data: no-cache as text/x-script", async () => {
    const robots = await get("/robots.txt");
    expect(robots.headers["cache-control"]).toBe("public, max-age=3600");
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.headers.etag).toBeDefined();
    const data = await get("/services/cctv-&-surveillance-solutions.data");
    expect(data.headers["content-type"]).toBe("text/x-script");
    expect(data.headers["cache-control"]).toBe("no-cache");
    expect(data.body).toBe(FILES["services/cctv-&-surveillance-solutions.data"]);
  });

  it("answers 304 to a matching If-None-Match (per encoding) and 200 otherwise", async () => {
    const first = await get("/about", { "accept-encoding": "br" });
    const etag = first.headers.etag as string;
    const again = await get("/about", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("no-cache");
    const weakInList = await get("/about", { "accept-encoding": "br", "if-none-match": `"x", W/${etag}` });
    expect(weakInList.statusCode).toBe(304);
    // The identity representation has a different ETag, so a br ETag does not validate it.
    expect((await get("/about", { "if-none-match": etag })).statusCode).toBe(200);
    expect((await get("/about", { "accept-encoding": "br", "if-none-match": '"stale"' })).statusCode).toBe(
      200,
    );
  });

  it("answers 304 to If-Modified-Since when there is no If-None-Match", async () => {
    const first = await get("/robots.txt");
    const lastModified = first.headers["last-modified"] as string;
    expect((await get("/robots.txt", { "if-modified-since": lastModified })).statusCode).toBe(304);
    expect(
      (await get("/robots.txt", { "if-modified-since": "Thu, 01 Jan 1970 00:00:00 GMT" })).statusCode,
    ).toBe(200);
  });

  it("never answers 304 in place of a 404", async () => {
    const first = await get("/no-such-page");
    const res = await get("/no-such-page", { "if-none-match": first.headers.etag as string });
    expect(res.statusCode).toBe(404);
  });
});

describe("compression", () => {
  it("serves the precompressed brotli file when accepted", async () => {
    const res = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it("serves gzip when brotli is not accepted, and honours q-values", async () => {
    const gz = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    const preferGzip = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0.5, gzip;q=1" });
    expect(preferGzip.headers["content-encoding"]).toBe("gzip");
    const noBr = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0, gzip" });
    expect(noBr.headers["content-encoding"]).toBe("gzip");
  });

  it("falls back to identity, still with Vary", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "deflate" },
    ];
    for (const headers of cases) {
      const res = await get("/assets/app-abc123.js", headers);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.body).toBe(APP_JS);
    }
  });

  it("compresses HTML pages too, and leaves tiny files alone", async () => {
    const page = await get("/about", { "accept-encoding": "br" });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(FILES["about/index.html"]);
    const tiny = await get("/assets/app-abc123.css", { "accept-encoding": "br, gzip" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
  });
});

describe("security headers", () => {
  const expectStaticHeaders = (headers: Record<string, unknown>, url: string) => {
    expect(headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
    expect(headers["x-content-type-options"], url).toBe("nosniff");
    expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], url).toContain("camera=()");
    expect(headers["permissions-policy"], url).toContain("geolocation=()");
    expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
    expect(headers["cross-origin-resource-policy"], url).toBe("same-origin");
    const csp = headers["content-security-policy"] as string;
    for (const d of [
      "default-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp, `${url}: ${d}`).toContain(d);
    }
    expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  };

  it("are on every kind of response", async () => {
    for (const url of [
      "/",
      "/about",
      "/about/",
      "/assets/app-abc123.js",
      "/robots.txt",
      "/no-such-page",
      "/services/unknown",
      "/assets/missing.js",
      "/../x",
    ]) {
      expectStaticHeaders((await get(url)).headers, url);
    }
    expectStaticHeaders((await fx.app.inject({ method: "DELETE", url: "/" })).headers, "DELETE /");
  });

  it("CSP of each page allows exactly that page's inline scripts by hash", async () => {
    const home = (await get("/")).headers["content-security-policy"] as string;
    const scriptSrc = home.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' ${cspHash(HOME_SCRIPT)} ${cspHash(MODULE_SCRIPT)}`);
    const about = (await get("/about")).headers["content-security-policy"] as string;
    expect(about).toContain(cspHash(ABOUT_SCRIPT));
    expect(about).not.toContain(cspHash(HOME_SCRIPT));
    // Non-HTML responses allow no inline script at all.
    const asset = (await get("/assets/app-abc123.js")).headers["content-security-policy"] as string;
    expect(asset).toContain("script-src 'self';");
  });

  it("connect-src is the site plus the two service origins from the build", async () => {
    const csp = (await get("/contact-us-nowhere")).headers["content-security-policy"] as string;
    expect(csp).toContain("connect-src 'self' http://localhost:8102 http://localhost:9102;");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });
});

describe("static-host artifacts written by postbuild", () => {
  it("_headers carries each page's CSP and the caching rules; nginx-site.conf mirrors them", async () => {
    const headers = await readFile(path.join(fx.clientDir, "_headers"), "utf8");
    expect(headers).toMatch(
      new RegExp(
        `\\n/about\\n  Content-Security-Policy: [^\\n]*${cspHash(ABOUT_SCRIPT).replace(/[+/]/g, "\\$&")}`,
      ),
    );
    expect(headers).toContain("/assets/*\n  Cache-Control: public, max-age=31536000, immutable");
    expect(headers).toContain("X-Content-Type-Options: nosniff");
    const nginx = await readFile(path.join(fx.root, "nginx-site.conf"), "utf8");
    expect(nginx).toContain("location = /about {");
    expect(nginx).toContain("location = /about/ { return 301 /about$is_args$args; }");
    expect(nginx).toContain(cspHash(ABOUT_SCRIPT));
    expect(nginx).toContain("error_page 404 /__spa-fallback.html;");
    const redirects = await readFile(path.join(fx.clientDir, "_redirects"), "utf8");
    expect(redirects).toContain("/services/*  /__spa-fallback.html  404");
  });

  it("adds upgrade-insecure-requests when every service origin is https", async () => {
    const https = await startFixture({
      VITE_CONTACT_API_URL: "https://contact.example.com",
      VITE_QUOTATION_API_URL: "https://quote.example.com",
    });
    try {
      const csp = (await https.app.inject({ url: "/" })).headers["content-security-policy"] as string;
      expect(csp).toContain("connect-src 'self' https://contact.example.com https://quote.example.com;");
      expect(csp).toContain("upgrade-insecure-requests");
    } finally {
      await https.close();
    }
  });
});

describe("startup", () => {
  it("hashes a page missing from the manifest at startup instead of breaking it", async () => {
    const extra = await startFixture();
    try {
      const script = "window.__late = true;";
      const style = "body{color:#123}";
      await writeFile(
        path.join(extra.clientDir, "late.html"),
        `<!DOCTYPE html><html><head><style>${style}</style></head><body><script>${script}</script></body></html>`,
      );
      const app = await buildApp("site", {
        config: loadConfig({ WEB_BUILD_DIR: extra.clientDir, LOG_LEVEL: "silent" }),
      });
      const res = await app.inject({ url: "/late.html" });
      expect(res.headers["content-security-policy"]).toContain(cspHash(script));
      expect(res.headers["content-security-policy"]).toContain(`style-src 'self' ${cspHash(style)};`);
      await app.close();
    } finally {
      await extra.close();
    }
  });

  it("fails fast, naming the problem, without a build or without the CSP manifest", async () => {
    const config = (dir: string) => loadConfig({ WEB_BUILD_DIR: dir, LOG_LEVEL: "silent" });
    await expect(buildApp("site", { config: config("/nonexistent/build/client") })).rejects.toThrow(
      /Web build not found/,
    );
    const extra = await startFixture();
    try {
      await rm(path.join(extra.root, "csp-manifest.json"));
      await expect(buildApp("site", { config: config(extra.clientDir) })).rejects.toThrow(
        /csp-manifest\.json/,
      );
    } finally {
      await extra.close();
    }
  });
});
