import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { keystaticConfig } from "@site/content/editor";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Piscina } from "piscina";
import { threadEntry } from "../platform/thread-entry";
import type { SaveAnswer, SaveTask } from "./editor-thread";

/** Uploads are at most 2 MB each, base64-encoded in a JSON body: room for a few in one save. */
const UPDATE_BODY_LIMIT = 12 * 1024 * 1024;
/** Saves waiting for the editor's thread at most; more are refused (a desk has a few editors). */
const MAX_WAITING_SAVES = 16;

const plain = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type("text/plain; charset=utf-8").send(message);

/** The request's headers as the Fetch API takes them (single values; Keystatic reads two). */
function headersOf(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

/**
 * The content editor's API: Keystatic's generic handler in local mode, on the content folder, under
 * the desk's /api/ (so the desk's guard applies: a session, and the desk's Origin for a save). A save
 * is taken as raw bytes and handed to the editor's thread (editor-thread.ts), which parses it, checks
 * it (checkEditorUpdate: refused with a message the editor shows) and writes it: however large, it
 * never stops this event loop. Reading the tree and files stays here (no parsing).
 */
export function registerEditorRoutes(app: FastifyInstance, deps: { contentDir: string }) {
  const handle = makeGenericAPIRouteHandler({
    config: keystaticConfig(),
    localBaseDirectory: deps.contentDir,
  });
  const pool = new Piscina<SaveTask, SaveAnswer>({
    filename: threadEntry("editor-thread"),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    maxQueue: MAX_WAITING_SAVES,
    // Below the event loop in the CPU's queue (nice +10): a save waits for the site, not the other way.
    niceIncrement: 10,
  });
  app.addHook("onClose", async () => pool.destroy());

  function send(reply: FastifyReply, answer: SaveAnswer) {
    reply.code(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    return reply.send(typeof answer.body === "string" ? answer.body : Buffer.from(answer.body));
  }

  app.get("/api/keystatic/*", async (request, reply) => {
    const answer = await handle(
      new Request(new URL(request.url, "http://desk.invalid"), { headers: headersOf(request) }),
    );
    return send(reply, {
      status: answer.status ?? 200,
      headers: Object.fromEntries(new Headers(answer.headers)),
      body: answer.body ?? "",
    });
  });

  // Its own scope: here a JSON body stays bytes (the thread parses it); elsewhere the desk parses JSON.
  void app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((err: { statusCode?: number }, request, reply) => {
      if (err.statusCode === 413)
        return plain(reply, 413, `Not saved: a save may be at most ${UPDATE_BODY_LIMIT / 1024 / 1024} MB.`);
      throw err;
    });
    scope.post("/api/keystatic/*", { bodyLimit: UPDATE_BODY_LIMIT }, async (request, reply) => {
      const body = request.body as Buffer;
      const task: SaveTask = {
        contentDir: deps.contentDir,
        url: new URL(request.url, "http://desk.invalid").href,
        headers: headersOf(request),
        body,
      };
      let answer: SaveAnswer;
      try {
        // The body's own memory moves to the thread (no copy of up to 12 MB here) when it is all its own.
        const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
        answer = await pool.run(task, own ? { transferList: [body.buffer as ArrayBuffer] } : {});
      } catch (err) {
        // Piscina's refusal when MAX_WAITING_SAVES are already waiting.
        if ((err as Error).message === "Task queue is at limit")
          return plain(reply, 503, "Not saved: the editor is busy with other saves. Try again in a moment.");
        throw err;
      }
      return send(reply, answer);
    });
  });
}
