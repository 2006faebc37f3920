import { DESK_API_PREFIX, DESK_SESSION_COOKIE, type Staff } from "@site/contracts/desk";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionStore } from "./session-store";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member (set by the desk's guard), or null. */
    staff: Staff | null;
  }
}

/**
 * THE list of desk API routes that answer without a session: the session probe and the two
 * ceremonies (enrolment, sign-in). Every other route under /api/ is private. A test walks the route
 * table and proves it; the server refuses to start if an entry names no route.
 */
export const PUBLIC_API_ROUTES: readonly string[] = [
  "GET /api/session",
  "POST /api/enrol/options",
  "POST /api/enrol/verify",
  "POST /api/sign-in/options",
  "POST /api/sign-in/verify",
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Under /api/ as sent, or as routed: the router decodes the path, so /%61pi/leads reaches the handler
 * of /api/leads and must meet the same guard.
 */
function isApiRequest(request: FastifyRequest): boolean {
  return (
    request.url.startsWith(DESK_API_PREFIX) || (request.routeOptions.url ?? "").startsWith(DESK_API_PREFIX)
  );
}

/** The signed-in member of a private route's request (the guard guarantees one). */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw new Error("private route reached without a session");
  return request.staff;
}

/**
 * Before anything else on every request under /api/: a state-changing method must come from the
 * desk's own origin (403 otherwise: CSRF), then a private route needs a live session (401).
 */
export function registerGuard(app: FastifyInstance, deps: { sessions: SessionStore; deskOrigin: string }) {
  app.decorateRequest("staff", null);
  const routes = new Set<string>();
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
  });
  app.addHook("onReady", async () => {
    const unknown = PUBLIC_API_ROUTES.filter((r) => !routes.has(r));
    if (unknown.length) throw new Error(`PUBLIC_API_ROUTES names no route: ${unknown.join(", ")}`);
  });

  app.addHook("onRequest", async (request, reply) => {
    if (!isApiRequest(request)) return;
    if (!SAFE_METHODS.has(request.method) && request.headers.origin !== deps.deskOrigin) {
      return reply
        .code(403)
        .send({ error: "origin_not_allowed", message: "Requests that change data must come from the desk." });
    }
    request.staff = (await deps.sessions.resolve(request.cookies[DESK_SESSION_COOKIE])) ?? null;
    const key = `${request.method} ${request.routeOptions.url ?? ""}`;
    if (!request.staff && !PUBLIC_API_ROUTES.includes(key)) {
      return reply.code(401).send({ error: "unauthorized", message: "Sign in to the desk first." });
    }
  });
}
