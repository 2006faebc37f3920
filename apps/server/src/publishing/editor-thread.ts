// The editor's save, off the event loop: the thread's entry (built to dist/editor-thread.js; editor-
// routes.ts runs it through a Piscina pool). Parsing a save's JSON, decoding its files, parsing and
// validating the content as it would be, and Keystatic's write all happen here: a large save (the
// body may be 12 MB) stops this thread, never the one that answers the site, the services and the desk.
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { keystaticConfig } from "@site/content/editor";
import { checkEditorUpdate } from "./editor-update";

/** One save as the route received it: the raw body, untouched, and the request's headers. */
export interface SaveTask {
  contentDir: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The answer to send: Keystatic's, or the check's refusal (text, in words). */
export interface SaveAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

const handlers = new Map<string, ReturnType<typeof makeGenericAPIRouteHandler>>();
const handlerFor = (contentDir: string) => {
  let handle = handlers.get(contentDir);
  if (!handle) {
    handle = makeGenericAPIRouteHandler({ config: keystaticConfig(), localBaseDirectory: contentDir });
    handlers.set(contentDir, handle);
  }
  return handle;
};

const refusal = (status: number, message: string): SaveAnswer => ({
  status,
  headers: { "content-type": "text/plain; charset=utf-8" },
  body: message,
});

export default async function save(task: SaveTask): Promise<SaveAnswer> {
  const text = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength).toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refusal(400, "Not saved: the request is not an editor save.");
  }
  const check = checkEditorUpdate(task.contentDir, parsed);
  if (!check.ok) return refusal(check.status, check.message);
  const answer = await handlerFor(task.contentDir)(
    new Request(task.url, { method: "POST", headers: task.headers, body: text }),
  );
  const headers: Record<string, string> = {};
  new Headers(answer.headers).forEach((value, name) => (headers[name] = value));
  return { status: answer.status ?? 200, headers, body: answer.body ?? "" };
}
