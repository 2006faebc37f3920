import { EDITOR_PATH, STATIC_SECURITY_HEADERS } from "@site/site-policy";
import type { FastifyInstance } from "fastify";
import { DESK_API_PREFIX } from "@site/contracts/desk";

/** The content editor's document: /keystatic and every page below it. */
const isEditorPage = (url: string) => url === EDITOR_PATH || /^\/keystatic[/?]/.test(url);

/**
 * Every desk response: the site's static security headers, the desk's CSP (the content editor's page
 * its own, see site-policy's editorContentSecurityPolicy), noindex (the desk is never to be found by
 * a search engine), and no-store on the API (a lead's data never sits in a cache).
 */
export function addDeskSecurityHeaders(app: FastifyInstance, policies: { desk: string; editor: string }) {
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) reply.header(name, value);
    reply.header("Content-Security-Policy", isEditorPage(request.url) ? policies.editor : policies.desk);
    reply.header("X-Robots-Tag", "noindex, nofollow");
    if (request.url.startsWith(DESK_API_PREFIX) || !reply.hasHeader("cache-control")) {
      reply.header("Cache-Control", "no-store");
    }
    return payload;
  });
}
