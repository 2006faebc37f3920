// Security headers and per-page CSP on every response of the site role, and the static-host configs.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ABOUT_SCRIPT,
  HOME_SCRIPT,
  MODULE_SCRIPT,
  cspHash,
  startFixture,
  useSiteFixture,
} from "../../test/site-fixture";

const { fixture, get } = useSiteFixture();

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
    expectStaticHeaders((await fixture().app.inject({ method: "DELETE", url: "/" })).headers, "DELETE /");
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

describe("static-host configs written from site-policy, as the web build does", () => {
  it("_headers carries each page's CSP and the caching rules; nginx-site.conf mirrors them", async () => {
    const headers = await readFile(path.join(fixture().clientDir, "_headers"), "utf8");
    expect(headers).toMatch(
      new RegExp(
        `\\n/about\\n  Content-Security-Policy: [^\\n]*${cspHash(ABOUT_SCRIPT).replace(/[+/]/g, "\\$&")}`,
      ),
    );
    expect(headers).toContain("/assets/*\n  Cache-Control: public, max-age=31536000, immutable");
    expect(headers).toContain("X-Content-Type-Options: nosniff");
    const nginx = await readFile(path.join(fixture().root, "nginx-site.conf"), "utf8");
    expect(nginx).toContain("location = /about {");
    expect(nginx).toContain("location = /about/ { return 301 /about$is_args$args; }");
    expect(nginx).toContain(cspHash(ABOUT_SCRIPT));
    expect(nginx).toContain("error_page 404 /__spa-fallback.html;");
    const redirects = await readFile(path.join(fixture().clientDir, "_redirects"), "utf8");
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
