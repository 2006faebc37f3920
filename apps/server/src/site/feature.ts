// The site role: the prerendered web build served from memory with its precompressed copies and the
// security headers of site-policy, following a publish (live-build.ts) without a restart.
import {
  NOT_FOUND_FILE,
  SPA_FALLBACK_FILE,
  STATIC_SECURITY_HEADERS,
  contentSecurityPolicy,
  matchesDynamicRoute,
  pagePathOf,
} from "@site/site-policy";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../platform/config/config";
import { encodePath, parseTarget } from "../platform/static/request-path";
import { sendFile } from "../platform/static/send-file";
import { watchSiteBuild } from "./live-build";
import type { SiteBuild } from "../platform/static/site-build";
import type { Feature } from "../records/feature";

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
  if (entry) return sendFile(request, reply, entry, entry === notFoundPage ? 404 : 200);

  const canonical = canonicalPageOf(path);
  if (canonical !== null && canonical !== path && build.byPath.get(canonical)?.file.endsWith(".html")) {
    return reply.redirect(encodePath(canonical) + search, 301);
  }
  if (path.startsWith("/assets/") || path.endsWith(".data")) return plainText(reply, 404, "Not Found\n");
  const fallback = build.byFile.get(SPA_FALLBACK_FILE);
  if (fallback && matchesDynamicRoute(path, build.dynamicRoutePrefixes)) {
    return sendFile(request, reply, fallback, 404);
  }
  if (notFoundPage) return sendFile(request, reply, notFoundPage, 404);
  return plainText(reply, 404, "Not Found\n");
}

/**
 * Serves the prerendered web build (WEB_BUILD_DIR, or the live publish) from memory, with its
 * precompressed copies; a publish's new build replaces it without a restart (live-build.ts).
 */
async function registerSite(app: FastifyInstance, config: Config) {
  const live = await watchSiteBuild(config, app.log);
  app.addHook("onClose", async () => live.close());
  app.log.debug({ build: live.source, files: live.current().byFile.size }, "site build loaded");

  // Every response (files, redirects, 404s, 405s, errors) carries the security headers; build files
  // have already set their own CSP (each HTML page allows its own inline hashes).
  app.addHook("onSend", async (_request, reply, payload) => {
    applySecurityHeaders(reply, live.current().baseContentSecurityPolicy);
    return payload;
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    exposeHeadRoute: false,
    handler: (request, reply) => serve(live.current(), request, reply),
  });

  // Reached by other methods, and by targets the route does not match (`*`, `http://host/x`).
  app.setNotFoundHandler((request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") return serve(live.current(), request, reply);
    return reply
      .code(405)
      .header("Allow", "GET, HEAD")
      .type("text/plain; charset=utf-8")
      .send("Method Not Allowed\n");
  });
}

export const siteFeature: Feature = {
  roles: ["site"],
  register: (app, { config }) => registerSite(app, config),
};
