import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  cacheControlFor,
  contentSecurityPolicy,
  inlineHashes,
  inlineScriptHashes,
  inlineStyleHashes,
  matchesDynamicRoute,
  serviceOrigins,
} from "../../web/scripts/site-headers.mjs";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes every executable inline script once, in order, and skips external scripts and data blocks", () => {
    const html = [
      "<script>a()</script>",
      '<script src="/assets/x.js"></script>',
      '<script type="module" async="">import "/x.js";</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      "<SCRIPT>a()</SCRIPT >",
      "<script id=\"_R_\">b('</p>')</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/x.js";'), sha("b('</p>')")]);
  });

  it("hashes the text the browser sees: CRLF normalised to LF", () => {
    expect(inlineScriptHashes("<script>a();\r\nb();\rc();</script>")).toEqual([sha("a();\nb();\nc();")]);
  });
});

describe("inlineStyleHashes", () => {
  it("hashes every <style> element once, whatever its attributes, and nothing else", () => {
    const css = "body{margin:0}\r\n.a{color:red}";
    const html = `<link rel="stylesheet" href="/a.css"/><style>${css}</style><style media="print">p{}</style><style>${css}</style><p style="color:red">x</p>`;
    expect(inlineStyleHashes(html)).toEqual([sha("body{margin:0}\n.a{color:red}"), sha("p{}")]);
    expect(inlineHashes(`<script>a()</script>${html}`)).toEqual({
      scriptHashes: [sha("a()")],
      styleHashes: inlineStyleHashes(html),
    });
  });
});

describe("policy", () => {
  it("allows exactly the hashed inline styles in style-src", () => {
    const csp = contentSecurityPolicy({ styleHashes: [sha("p{}")] });
    expect(csp).toContain(`style-src 'self' ${sha("p{}")};`);
    expect(csp).toContain("style-src-attr 'unsafe-inline';");
    expect(contentSecurityPolicy()).toContain("style-src 'self';");
    expect(csp).not.toMatch(/style-src [^;]*unsafe-inline/);
  });

  it("never allows unsafe script sources and lists the service origins once", () => {
    const origins = serviceOrigins({
      VITE_CONTACT_API_URL: "https://api.example.com/contact",
      VITE_QUOTATION_API_URL: "https://api.example.com/quotation",
    });
    expect(origins).toEqual(["https://api.example.com"]);
    const csp = contentSecurityPolicy({ scriptHashes: [sha("x")], connectOrigins: origins });
    expect(csp).toContain(`script-src 'self' ${sha("x")};`);
    expect(csp).toContain("connect-src 'self' https://api.example.com;");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(serviceOrigins({})).toEqual(["http://localhost:8081", "http://localhost:8091"]);
  });

  it("cache rules and the dynamic-route rule", () => {
    expect(cacheControlFor("assets/root-abc.js")).toContain("immutable");
    expect(cacheControlFor("about/index.html")).toBe("no-cache");
    expect(cacheControlFor("products/pos.data")).toBe("no-cache");
    expect(cacheControlFor("logo.png")).toBe("public, max-age=3600");
    expect(matchesDynamicRoute("/services/x")).toBe(true);
    expect(matchesDynamicRoute("/careers/x/")).toBe(true);
    expect(matchesDynamicRoute("/services/")).toBe(false);
    expect(matchesDynamicRoute("/services/x/y")).toBe(false);
    expect(matchesDynamicRoute("/packages/x")).toBe(false);
  });
});
