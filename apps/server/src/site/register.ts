import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createReadStream } from "node:fs";
import {
  NOT_FOUND_FILE,
  SPA_FALLBACK_FILE,
  STATIC_SECURITY_HEADERS,
  contentSecurityPolicy,
  matchesDynamicRoute,
  pagePathOf,
} from "../../../web/scripts/site-headers.mjs";
import type { Config } from "../config";
import { type BuildFile, type BuildIndex, indexBuild } from "./build-index";
import { chooseEncoding } from "./encoding";
import { encodePath, parseTarget } from "./request-path";

const ALLOWED_METHODS = "GET, HEAD";

function badRequest(reply: FastifyReply, status = 400) {
  return reply
    .code(status)
    .header("Cache-Control", "no-cache")
    .type("text/plain; charset=utf-8")
    .send(status === 414 ? "URI Too Long\n" : "Bad Request\n");
}

/**
 * Fastify's `frameworkErrors` option for the site role: a URL the router cannot decode (`/%E0%A4%A`)
 * gets the same plain 400 as our own checks, through the reply so the security headers are added.
 */
export function siteFrameworkErrors(error: Error, _request: FastifyRequest, reply: FastifyReply) {
  // This reply is made before routing, so the onSend hook below does not run: set the headers here.
  const status = (error as { code?: string }).code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  void badRequest(applySecurityHeaders(reply, contentSecurityPolicy()), status);
}

/** Adds the static security headers, and the CSP unless the response has its own (HTML pages). */
function applySecurityHeaders(reply: FastifyReply, fallbackCsp: string) {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) reply.header(name, value);
  if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", fallbackCsp);
  return reply;
}

/** True when an If-None-Match header matches the ETag (weak comparison, RFC 9110 §13.1.2). */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => bare(t) === bare(etag));
}

function isNotModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const inm = request.headers["if-none-match"];
  if (inm !== undefined) return etagMatches(inm, etag);
  const ims = request.headers["if-modified-since"];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

function sendFile(request: FastifyRequest, reply: FastifyReply, entry: BuildFile, status = 200) {
  const encoding = chooseEncoding(request.headers["accept-encoding"], entry.encodings);
  const variant = entry.variants[encoding] ?? entry.variants.identity;
  reply.header("Content-Type", entry.contentType);
  reply.header("Cache-Control", entry.cacheControl);
  reply.header("Content-Security-Policy", entry.contentSecurityPolicy);
  reply.header("ETag", variant.etag);
  reply.header("Last-Modified", entry.lastModified.toUTCString());
  if (entry.encodings.size > 1) reply.header("Vary", "Accept-Encoding");
  if (status === 200 && isNotModified(request, variant.etag, entry.lastModified)) {
    return reply.code(304).send();
  }
  if (encoding !== "identity") reply.header("Content-Encoding", encoding);
  reply.header("Content-Length", variant.size);
  reply.code(status);
  if (request.method === "HEAD") return reply.send();
  return reply.send(variant.body ?? createReadStream(variant.absPath));
}

function plainNotFound(reply: FastifyReply) {
  return reply
    .code(404)
    .header("Cache-Control", "no-cache")
    .type("text/plain; charset=utf-8")
    .send("Not Found\n");
}

/**
 * Answers GET/HEAD for one decoded path:
 *   a build file or a prerendered page → 200 (the 404 page itself always answers 404);
 *   `/about/` or `/about/index.html` → 301 to `/about` (canonical URLs have no trailing slash);
 *   an unknown id of a dynamic route (`/services/x`) → the SPA fallback, 404 (the client renders
 *   "Service not found.");
 *   a missing asset or `.data` file → a short plain 404 (scripts and data fetches need no HTML page);
 *   anything else → the prerendered 404 page, 404.
 */
function serve(index: BuildIndex, request: FastifyRequest, reply: FastifyReply) {
  const target = parseTarget(request.raw.url ?? "/");
  if (!target.ok) return badRequest(reply);
  const { path, search } = target;
  const notFoundPage = index.byFile.get(NOT_FOUND_FILE);

  const entry = index.byPath.get(path);
  if (entry) return sendFile(request, reply, entry, entry === notFoundPage ? 404 : 200);

  const canonical = path.endsWith("/index.html")
    ? pagePathOf(path.slice(1))
    : path.length > 1 && path.endsWith("/")
      ? path.replace(/\/+$/, "") || "/"
      : null;
  if (canonical !== null && canonical !== path && index.byPath.get(canonical)?.file.endsWith(".html")) {
    return reply.redirect(encodePath(canonical) + search, 301);
  }

  if (path.startsWith("/assets/") || path.endsWith(".data")) return plainNotFound(reply);
  const fallback = index.byFile.get(SPA_FALLBACK_FILE);
  if (fallback && matchesDynamicRoute(path)) return sendFile(request, reply, fallback, 404);
  if (notFoundPage) return sendFile(request, reply, notFoundPage, 404);
  return plainNotFound(reply);
}

/** Serves the prerendered web build (config.WEB_BUILD_DIR) with compression, caching and security headers. */
export async function registerSite(app: FastifyInstance, config: Config) {
  const index = await indexBuild(config.WEB_BUILD_DIR, (msg) => app.log.warn(msg));
  app.log.debug({ files: index.byFile.size }, "site build indexed");

  // Every response of the site (files, redirects, 404s, 405s, errors) carries the security headers;
  // HTML pages have already set their own CSP with their inline-script hashes.
  app.addHook("onSend", async (_request, reply, payload) => {
    applySecurityHeaders(reply, index.baseContentSecurityPolicy);
    return payload;
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    exposeHeadRoute: false,
    handler: (request, reply) => serve(index, request, reply),
  });

  // Only GET and HEAD are routed, so anything reaching here is another method.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") return serve(index, request, reply);
    return reply
      .code(405)
      .header("Allow", ALLOWED_METHODS)
      .type("text/plain; charset=utf-8")
      .send("Method Not Allowed\n");
  });
}
