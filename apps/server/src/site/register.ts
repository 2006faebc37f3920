import fastifyStatic from "@fastify/static";
import {
  NOT_FOUND_FILE,
  SPA_FALLBACK_FILE,
  STATIC_SECURITY_HEADERS,
  contentSecurityPolicy,
  matchesDynamicRoute,
  pagePathOf,
} from "@site/site-policy";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { encodePath, parseTarget } from "./request-path";
import { type SiteBuild, type SiteFile, loadSiteBuild } from "./site-build";

/** Request headers that make a response conditional; a 404 answers none of them (see sendSiteFile). */
const CONDITIONAL_HEADERS = ["if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

function plainText(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).header("Cache-Control", "no-cache").type("text/plain; charset=utf-8").send(text);
}

/** Adds the static security headers, and the CSP unless the response has its own (HTML pages). */
function applySecurityHeaders(reply: FastifyReply, fallbackCsp: string) {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) reply.header(name, value);
  if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", fallbackCsp);
  return reply;
}

/**
 * Fastify's `frameworkErrors` option for the site role: a URL the router cannot decode (`/%E0%A4%A`)
 * gets the same plain 400 as our own checks. This reply is made before routing, so no hook runs: the
 * security headers are set here.
 */
export function siteFrameworkErrors(error: Error, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = (error as { code?: string }).code === "FST_ERR_MAX_PARAM_LENGTH";
  applySecurityHeaders(reply, contentSecurityPolicy());
  void plainText(reply, tooLong ? 414 : 400, tooLong ? "URI Too Long\n" : "Bad Request\n");
}

/** The build file each reply is sending; the onSend hook gives the response that file's headers. */
const sending = new WeakMap<FastifyReply, SiteFile>();

/**
 * Sends a build file through @fastify/static: the .br/.gz copy the client accepts, Content-Length,
 * ETag and Last-Modified, 304 to a matching If-None-Match / If-Modified-Since. The 404 page and the
 * SPA fallback are sent with status 404 and never as "304 Not Modified": their validators describe
 * the page file, not the missing URL, so the request's conditional headers are dropped first.
 */
function sendSiteFile(request: FastifyRequest, reply: FastifyReply, entry: SiteFile, status = 200) {
  sending.set(reply, entry);
  if (status !== 200) {
    for (const name of CONDITIONAL_HEADERS) delete request.raw.headers[name];
    reply.code(status);
  }
  return reply.sendFile(entry.file);
}

/** `/about/` and `/about/index.html` → `/about`; null for any other path. */
function canonicalPageOf(path: string): string | null {
  if (path.endsWith("/index.html")) return pagePathOf(path.slice(1));
  if (path.length > 1 && path.endsWith("/")) return path.replace(/\/+$/, "") || "/";
  return null;
}

/**
 * Answers GET/HEAD for one request, from the build's map only:
 *   a build file or a prerendered page → 200 (the 404 page itself always answers 404);
 *   `/about/` or `/about/index.html` → 301 to `/about`, query kept (canonical URLs have no slash);
 *   a missing asset or `.data` file → a short plain 404 (scripts and data fetches need no HTML page);
 *   an unknown id of a dynamic route (`/services/x`) → the SPA fallback, 404 (the client renders
 *   "Service not found.");
 *   anything else → the prerendered 404 page, 404.
 */
function serve(build: SiteBuild, request: FastifyRequest, reply: FastifyReply) {
  const target = parseTarget(request.raw.url ?? "/");
  if (!target.ok) return plainText(reply, 400, "Bad Request\n");
  const { path, search } = target;
  const notFoundPage = build.byFile.get(NOT_FOUND_FILE);

  const entry = build.byPath.get(path);
  if (entry) return sendSiteFile(request, reply, entry, entry === notFoundPage ? 404 : 200);

  const canonical = canonicalPageOf(path);
  if (canonical !== null && canonical !== path && build.byPath.get(canonical)?.file.endsWith(".html")) {
    return reply.redirect(encodePath(canonical) + search, 301);
  }
  if (path.startsWith("/assets/") || path.endsWith(".data")) return plainText(reply, 404, "Not Found\n");
  const fallback = build.byFile.get(SPA_FALLBACK_FILE);
  if (fallback && matchesDynamicRoute(path, build.dynamicRoutePrefixes)) {
    return sendSiteFile(request, reply, fallback, 404);
  }
  if (notFoundPage) return sendSiteFile(request, reply, notFoundPage, 404);
  return plainText(reply, 404, "Not Found\n");
}

/** Serves the prerendered web build (config.WEB_BUILD_DIR) with its precompressed copies and headers. */
export async function registerSite(app: FastifyInstance, config: Config) {
  const build = await loadSiteBuild(config.WEB_BUILD_DIR);
  app.log.debug({ files: build.byFile.size }, "site build loaded");

  // Only reply.sendFile: which file a URL gets is decided by serve() above. Content-Type and
  // Cache-Control are ours (site-policy), set in onSend; ranges were never served.
  await app.register(fastifyStatic, {
    root: build.root,
    serve: false,
    preCompressed: true,
    acceptRanges: false,
    cacheControl: false,
    contentType: false,
    index: false,
  });

  // An error (a failed precondition, an unreadable file) replaces the file's response.
  app.addHook("onError", async (_request, reply) => {
    sending.delete(reply);
  });

  // Every response (files, redirects, 404s, 405s, errors) carries the security headers; a build file
  // carries its own Content-Type, Cache-Control and CSP (each HTML page allows its inline hashes).
  app.addHook("onSend", async (_request, reply, payload) => {
    const file = sending.get(reply);
    if (file) {
      reply.header("Content-Type", file.contentType);
      reply.header("Cache-Control", file.cacheControl);
      reply.header("Content-Security-Policy", file.contentSecurityPolicy);
      if (file.precompressed) reply.header("Vary", "Accept-Encoding");
      else reply.removeHeader("Vary"); // nothing to choose between: the one file for every client
    }
    applySecurityHeaders(reply, build.baseContentSecurityPolicy);
    return payload;
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    exposeHeadRoute: false,
    handler: (request, reply) => serve(build, request, reply),
  });

  // Reached by other methods, by targets the route does not match (`*`, `http://host/x`), and by
  // @fastify/static when a file was deleted after start-up (then a plain 404, not serve() again).
  app.setNotFoundHandler((request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") {
      // delete: true when a file was being sent (its headers must not go on this plain 404)
      return sending.delete(reply) ? plainText(reply, 404, "Not Found\n") : serve(build, request, reply);
    }
    return plainText(reply, 405, "Method Not Allowed\n").header("Allow", "GET, HEAD");
  });
}
