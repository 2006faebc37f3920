// The site's security headers and Content-Security-Policy, for every response of the site server and
// every rule of the static-host configs.
import { createHash } from "node:crypto";

/** The inline-element hash sources ('sha256-…') one page's CSP must allow. */
export interface PageHashes {
  scriptHashes: string[];
  styleHashes: string[];
}

export interface PolicyInput {
  scriptHashes?: readonly string[];
  styleHashes?: readonly string[];
  /** Origins the page may fetch from besides its own (the lead services: the forms and the speed beacon). */
  connectOrigins?: readonly string[];
}

/** The CSP hash source of an inline element's text, as the browser computes it. */
export function hashSource(text: string): string {
  // The HTML parser normalises CRLF to LF before the browser hashes the element's text.
  const body = text.replace(/\r\n?/g, "\n");
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/**
 * The Content-Security-Policy. script-src allows only same-origin files plus the given inline-script
 * hashes (never 'unsafe-inline' or 'unsafe-eval'); style-src likewise, plus the hashes of the page's
 * inline <style> (the inlined stylesheet). Inline style *attributes* are allowed (style-src-attr)
 * because React renders style={…} props into the prerendered markup. No manifest-src: default-src
 * 'self' covers the web app manifest, and WebKitGTK (no manifest support) logs the directive as
 * unrecognised on every page. upgrade-insecure-requests only when every service origin is https, so
 * a local http build keeps working.
 */
export function contentSecurityPolicy({
  scriptHashes = [],
  styleHashes = [],
  connectOrigins = [],
}: PolicyInput = {}): string {
  const directives = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes],
    ["style-src", "'self'", ...styleHashes],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...connectOrigins],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'"],
  ];
  if (connectOrigins.length > 0 && connectOrigins.every((o) => o.startsWith("https:"))) {
    directives.push(["upgrade-insecure-requests"]);
  }
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Headers sent with every response, apart from the CSP (which depends on the page). */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** Every security header for one response: the static set plus the page's CSP. */
export function securityHeaders(input: PolicyInput = {}): Record<string, string> {
  return { "Content-Security-Policy": contentSecurityPolicy(input), ...STATIC_SECURITY_HEADERS };
}
