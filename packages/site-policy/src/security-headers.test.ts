import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hashSource, securityHeaders } from "./security-headers";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe("hashSource", () => {
  it("hashes the text the browser sees: CRLF normalised to LF", () => {
    expect(hashSource("a();\r\nb();\rc();")).toBe(sha("a();\nb();\nc();"));
  });
});

describe("contentSecurityPolicy", () => {
  it("allows exactly the hashed inline styles in style-src", () => {
    const csp = contentSecurityPolicy({ styleHashes: [sha("p{}")] });
    expect(csp).toContain(`style-src 'self' ${sha("p{}")};`);
    expect(csp).toContain("style-src-attr 'unsafe-inline';");
    expect(contentSecurityPolicy()).toContain("style-src 'self';");
    expect(csp).not.toMatch(/style-src [^;]*unsafe-inline/);
  });

  it("never allows unsafe script sources and lists the connect origins", () => {
    const csp = contentSecurityPolicy({
      scriptHashes: [sha("x")],
      connectOrigins: ["https://api.example.com"],
    });
    expect(csp).toContain(`script-src 'self' ${sha("x")};`);
    expect(csp).toContain("connect-src 'self' https://api.example.com;");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it("upgrades insecure requests only when every service is https", () => {
    expect(contentSecurityPolicy({ connectOrigins: ["https://a.example"] })).toMatch(
      /upgrade-insecure-requests$/,
    );
    expect(
      contentSecurityPolicy({ connectOrigins: ["https://a.example", "http://localhost:8091"] }),
    ).not.toContain("upgrade-insecure-requests");
  });

  it("has no manifest-src (default-src covers it; WebKitGTK logs it as unrecognised)", () => {
    expect(contentSecurityPolicy()).not.toContain("manifest-src");
    expect(contentSecurityPolicy()).toContain("default-src 'self';");
  });

  it("is sent with the static security headers", () => {
    const headers = securityHeaders();
    expect(Object.keys(headers)).toEqual([
      "Content-Security-Policy",
      "Strict-Transport-Security",
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Permissions-Policy",
      "Cross-Origin-Opener-Policy",
      "Cross-Origin-Resource-Policy",
    ]);
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
  });
});
