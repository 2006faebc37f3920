import { CHAT_MESSAGE_MAX, CHAT_PATHS } from "@site/contracts/chat";
import { LIMITS } from "@site/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { solvedChallenge } from "../../test/challenge-helpers";
import { useChat, visitor } from "../../test/chat-helpers";
import {
  ChatModel,
  chatRequest,
  type ChatRequest,
  type Expected,
  honestStart,
} from "../../test/chat-hostile-model";
import { ORIGIN } from "../../test/helpers";

/**
 * Hostile input against the chat's public routes (issue 33, item 8) as a property: generated starts,
 * messages, typing signals and streams, each over a real socket to a real SQLite file, from a client
 * address of the run's own (X-Forwarded-For from a trusted proxy). Every answer is the one the
 * contract and docs/live-chat.md give (never a 5xx), and the store holds exactly what the model
 * accepted, nothing the rules refuse. FC_SEED (and FC_PATH) replay a failure; FC_RUNS sets the runs.
 */

const RUNS = 120;
const MIN_REQUESTS = 600;
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);

/* eslint-disable no-control-regex */
/** What no stored text may hold (docs/live-chat.md, written apart from the contract). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LINE_OR_BIDI = /[\r\n\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */

const run = fc
  .record({
    requests: fc.array(chatRequest, { minLength: 1, maxLength: 10 }),
    again: fc.array(fc.nat(), { maxLength: 2 }),
  })
  .map(({ requests, again }) => [
    honestStart,
    ...requests,
    ...again.map((i) => requests[i % requests.length]!),
  ]);

describe("hostile input on the chat's start, message, typing and stream", () => {
  const c = useChat("sqlite");

  /** What the store holds that the rules refuse ([] when nothing). */
  async function refusedInStore(): Promise<string[]> {
    const out: string[] = [];
    const messages = await c.d.db.selectFrom("chat_messages").select(["id", "body"]).execute();
    for (const m of messages) {
      if (m.body !== m.body.trim() || m.body === "") out.push(`message ${m.id} is not trimmed or empty`);
      if ([...m.body].length > CHAT_MESSAGE_MAX) out.push(`message ${m.id} is too long`);
      if (CONTROL.test(m.body) || LONE.test(m.body)) out.push(`message ${m.id} holds a control character`);
    }
    const leads = await c.d.db
      .selectFrom("leads")
      .select(["id", "name", "email", "message"])
      .where("kind", "=", "chat")
      .execute();
    for (const l of leads) {
      if (l.name !== l.name.trim() || l.name === "" || [...l.name].length > LIMITS.name)
        out.push(`lead ${l.id}: name out of bounds`);
      if (LINE_OR_BIDI.test(l.name) || CONTROL.test(l.name)) out.push(`lead ${l.id}: name holds a control`);
      if (!/^[^\s@]+@[^\s@]+$/.test(l.email)) out.push(`lead ${l.id}: not an address`);
    }
    return out;
  }

  function checkAnswer(req: ChatRequest, status: number, text: string, type: string | null, exp: Expected) {
    const what = `${req.route} → ${status} ${text.slice(0, 300)}`;
    expect(status, what).toBeLessThan(500);
    expect(status, what).toBe(exp.status);
    if (status === 204) return expect(text).toBe("");
    expect(type).toBe("application/json; charset=utf-8");
    const body = JSON.parse(text) as Record<string, unknown>;
    if ("fields" in exp) {
      expect(Object.keys(body)).toEqual(["error", "fields"]);
      expect(body.error).toBe("validation_failed");
      expect(Object.keys(body.fields as object).sort(), what).toEqual(exp.fields);
    } else if (exp.error !== undefined) {
      expect(Object.keys(body).sort()).toEqual(["error", "message"]);
      expect([exp.error].flat(), what).toContain(body.error);
    } else if (exp.session) {
      expect(Object.keys(body).sort()).toEqual(["conversationId", "expiresAt", "online", "token"]);
      expect(body.token).toMatch(/^[\w-]{43}$/);
    } else {
      // A retried send (200) gives the stored message back; a new one (201) also the token's new expiry.
      expect(Object.keys(body).sort()).toEqual(status === 201 ? ["expiresAt", "message"] : ["message"]);
    }
    return body;
  }

  it(
    "answers every generated request as documented and stores only what the rules take",
    { timeout: 300_000 },
    async () => {
      await c.start({
        TRUSTED_PROXIES: "127.0.0.1",
        RATE_LIMIT_PER_MINUTE: "1000000",
        CHAT_CONVERSATIONS_PER_HOUR: "1000000",
        CHAT_MESSAGES_PER_MINUTE: "1000000",
      });
      // One solution spent by an honest start: a run that sends it again must be refused.
      const spent = await solvedChallenge(c.contactBase);
      expect((await c.post(CHAT_PATHS.conversations, { ...visitor(), altcha: spent })).status).toBe(201);
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
      const outcomes = new Map<string, number>();
      let requests = 0;
      let runNo = 0;

      const property = fc.asyncProperty(run, async (reqs) => {
        runNo++;
        const model = new ChatModel();
        const client = `10.${(runNo >> 8) & 255}.${runNo & 255}.7`;
        const before = {
          conversations: (await c.d.db.selectFrom("chat_conversations").select("lead_id").execute()).length,
          messages: (await c.d.db.selectFrom("chat_messages").select("id").execute()).length,
        };
        for (const req of reqs) {
          const headers: Record<string, string> = { "x-forwarded-for": client };
          if (req.transport.origin !== "none")
            headers.origin = req.transport.origin === "allowed" ? ORIGIN : "https://evil.example";
          const resolved = await model.resolve(req, () => solvedChallenge(c.contactBase), spent)();
          let status: number;
          if (req.route === "stream") {
            const { known, ...auth } = resolved as { conversationId: string; token: string; known?: unknown };
            const q = new URLSearchParams({ conversation: auth.conversationId, token: auth.token });
            if (req.after !== undefined) q.set("after", String(req.after));
            for (const [k, v] of Object.entries(req.query)) q.set(k, v);
            const exp = streamAnswer(q, req, model);
            const abort = new AbortController();
            const res = await fetch(`${c.contactBase}${CHAT_PATHS.stream}?${q}`, {
              headers: { accept: "text/event-stream", ...headers },
              signal: abort.signal,
            });
            status = res.status;
            expect(status, `stream ${q} → ${status}`).toBeLessThan(500);
            expect([exp].flat(), `stream ${q} → ${status}`).toContain(status);
            if (status === 200) {
              expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
              expect(known).toBeDefined();
            } else await res.text();
            abort.abort();
          } else {
            let text = JSON.stringify(resolved);
            if (req.transport.pollute)
              text = `{"__proto__":{"polluted":1},"constructor":{"x":1},${text.slice(1)}`;
            const bytes = Buffer.byteLength(text);
            const exp = model.expect(req, resolved, bytes);
            const path = {
              start: CHAT_PATHS.conversations,
              message: CHAT_PATHS.messages,
              typing: CHAT_PATHS.typing,
            }[req.route];
            const res = await fetch(`${c.contactBase}${path}`, {
              method: "POST",
              headers: { ...headers, "content-type": req.transport.json ? "application/json" : "text/plain" },
              body: text,
            });
            status = res.status;
            const answer = checkAnswer(req, status, await res.text(), res.headers.get("content-type"), exp);
            if (status === 200 || status === 201)
              model.accepted(req, resolved, status, answer as Record<string, unknown>);
          }
          requests++;
          const key = `${req.route} ${status}`;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        }
        const conversations = (await c.d.db.selectFrom("chat_conversations").select("lead_id").execute())
          .length;
        const messages = (await c.d.db.selectFrom("chat_messages").select("id").execute()).length;
        expect(conversations).toBe(before.conversations + model.conversations.length);
        expect(messages).toBe(before.messages + model.messages);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
      });

      const runs = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : RUNS;
      const started = Date.now();
      const details = await fc.check(property, {
        numRuns: runs,
        seed,
        ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
      });
      if (details.failed) {
        throw new Error(
          `hostile chat input: ${fc.defaultReportMessage(details)}\n` +
            `Replay: FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath} ` +
            "npx vitest run apps/server/src/chat/chat-hostile-input.test.ts",
          { cause: details.errorInstance },
        );
      }
      expect(await refusedInStore()).toEqual([]);
      const summary = [...outcomes].sort().map(([k, n]) => `${k}: ${n}`);
      console.info(
        `hostile chat input: ${requests} requests in ${runs} runs, ${Date.now() - started} ms, seed ${seed}; ` +
          summary.join(", "),
      );
      if (!process.env.FC_RUNS && !process.env.FC_PATH) expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
    },
  );
});

/** The stream's answer by docs/live-chat.md: the query's rules, then the token (429 past a bound). */
function streamAnswer(q: URLSearchParams, req: ChatRequest, model: ChatModel): number | number[] {
  if (req.transport.origin === "foreign") return 403;
  const conversation = q.get("conversation");
  const token = q.get("token");
  const after = q.get("after");
  const stream = q.get("stream");
  const n = after === null ? 0 : Number(after);
  const valid =
    conversation !== null &&
    conversation.length <= 40 &&
    token !== null &&
    token.length <= 60 &&
    Number.isInteger(n) &&
    n >= 0 &&
    n <= 1e9 &&
    (stream === null || /^[A-Za-z0-9_-]{1,64}$/.test(stream));
  if (!valid) return 400;
  const known = model.conversations.find((k) => k.session.conversationId === conversation);
  const open = known !== undefined && known.session.token === token;
  return open ? [200, 429] : 403;
}
