// The one definition of the site's HTTP response policy: security headers, the Content-Security-Policy,
// cache rules, content types and the 404/SPA-fallback rule. Plain ESM with no dependencies so that both
// `node scripts/postbuild.mjs` (writes _headers, the nginx snippet and the CSP manifest) and the site
// server (apps/server/src/site, bundled by esbuild) import the same code. Types: site-headers.d.mts.
import { createHash } from "node:crypto";

/** Default service origins, the same defaults the forms use when VITE_*_API_URL is unset. */
export const DEFAULT_CONTACT_API_URL = "http://localhost:8081";
export const DEFAULT_QUOTATION_API_URL = "http://localhost:8091";

/** Written by postbuild beside (not inside) the client build, read by the site server at startup. */
export const CSP_MANIFEST_FILE = "csp-manifest.json";
/** Prerendered page served with status 404 for paths that match no route. */
export const NOT_FOUND_FILE = "404/index.html";
/** React Router's SPA fallback, served with status 404 for unknown ids of the dynamic routes. */
export const SPA_FALLBACK_FILE = "__spa-fallback.html";
/** Dynamic route patterns (app/routes.ts): one extra path segment under these prefixes. */
export const DYNAMIC_ROUTE_PREFIXES = ["/services/", "/products/", "/careers/"];

export const CACHE_HTML = "no-cache";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_STATIC = "public, max-age=3600";

/** Files worth precompressing (text formats); images and fonts are already compressed. */
export const COMPRESSIBLE_EXTENSIONS = [
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".webmanifest",
  ".txt",
  ".xml",
  ".data",
  ".map",
  ".ico",
];

/** Content-Type by extension, for the site server and for the static-host configs. */
export const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  // React Router's turbo-stream payloads; the framework's own server answers .data with this type.
  ".data": "text/x-script",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

function extname(file) {
  const base = file.slice(file.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot).toLowerCase();
}

/** Content-Type of a build file, by extension. */
export function contentTypeFor(file) {
  return CONTENT_TYPES[extname(file)] ?? "application/octet-stream";
}

export function isCompressible(file) {
  return COMPRESSIBLE_EXTENSIONS.includes(extname(file));
}

/** Cache-Control of a build file (path relative to the client build, forward slashes). */
export function cacheControlFor(file) {
  const ext = extname(file);
  if (ext === ".html" || ext === ".data") return CACHE_HTML; // not content-hashed: always revalidate
  if (file.startsWith("assets/")) return CACHE_IMMUTABLE; // Vite's content-hashed output
  return CACHE_STATIC;
}

/** The service origins (scheme://host:port) the pages may call, from the build's environment. */
export function serviceOrigins(env = process.env) {
  const urls = [
    env.VITE_CONTACT_API_URL || DEFAULT_CONTACT_API_URL,
    env.VITE_QUOTATION_API_URL || DEFAULT_QUOTATION_API_URL,
  ];
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/** The CSP hash source ('sha256-…') of an inline element's text, as the browser computes it. */
function hashSource(text) {
  // The HTML parser normalises CRLF to LF before the browser hashes the element's text.
  const body = text.replace(/\r\n?/g, "\n");
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/**
 * sha256 CSP sources ('sha256-…') of every inline script the browser would execute in this HTML, in
 * document order, de-duplicated. Data blocks such as JSON-LD are not executed and need no hash.
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? "";
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1]?.toLowerCase() ?? "";
    if (!EXECUTABLE_TYPES.has(type)) continue;
    const source = hashSource(m[2] ?? "");
    if (!hashes.includes(source)) hashes.push(source);
  }
  return hashes;
}

/** sha256 CSP sources of every inline <style> element (the inlined stylesheet), de-duplicated. */
export function inlineStyleHashes(html) {
  const hashes = [];
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    const source = hashSource(m[1] ?? "");
    if (!hashes.includes(source)) hashes.push(source);
  }
  return hashes;
}

/** Both kinds of inline hashes of one HTML page: what its CSP must allow. */
export function inlineHashes(html) {
  return { scriptHashes: inlineScriptHashes(html), styleHashes: inlineStyleHashes(html) };
}

/**
 * The Content-Security-Policy. script-src allows only same-origin files plus the given inline-script
 * hashes (never 'unsafe-inline' or 'unsafe-eval'); style-src likewise, plus the hashes of the page's
 * inline <style> (the stylesheet inlined by postbuild). Inline style *attributes* are allowed
 * (style-src-attr) because React renders style={…} props into the prerendered markup.
 * upgrade-insecure-requests is added only when every service origin is https, so a local http build
 * keeps working.
 */
export function contentSecurityPolicy({ scriptHashes = [], styleHashes = [], connectOrigins = [] } = {}) {
  const directives = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes],
    ["style-src", "'self'", ...styleHashes],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...connectOrigins],
    ["manifest-src", "'self'"],
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
export const STATIC_SECURITY_HEADERS = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** Every security header for one response: the static set plus the page's CSP. */
export function securityHeaders(input = {}) {
  return {
    "Content-Security-Policy": contentSecurityPolicy(input),
    ...STATIC_SECURITY_HEADERS,
  };
}

/** URL path ("/about", "/") of a prerendered page file ("about/index.html", "index.html"). */
export function pagePathOf(file) {
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"/index.html".length)}`;
  return null;
}

/** True when a decoded path has one segment under a dynamic route prefix (/services/:serviceType…). */
export function matchesDynamicRoute(pathname) {
  return DYNAMIC_ROUTE_PREFIXES.some((prefix) => {
    if (!pathname.startsWith(prefix)) return false;
    const rest = pathname.slice(prefix.length).replace(/\/$/, "");
    return rest.length > 0 && !rest.includes("/");
  });
}
