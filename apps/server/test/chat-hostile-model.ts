// What the chat's public routes must answer to a generated request, and what they must store, worked
// out from docs/live-chat.md's rules and the contract's schemas, without the routes' code: the
// model keeps the conversations it saw started, their current tokens and the clientIds they hold.
import { CHALLENGE_FIELD, CHALLENGE_REFUSALS, fieldErrors } from "@site/contracts";
import {
  CHAT_MESSAGE_MAX,
  chatSendSchema,
  chatStartSchema,
  chatTypingSchema,
  type ChatSession,
} from "@site/contracts/chat";
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { bodyLimitOf } from "../src/platform/http/body-limit";
import { startSecret } from "./chat-helpers";

/** A value a hostile client might put in any field. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "",
    "   ",
    "\u0000",
    "a\u0007b",
    "line\nbreak",
    "\u202eevil",
    "\ud800",
    "\udc00x",
    "x".repeat(CHAT_MESSAGE_MAX + 1),
    "🦄".repeat(CHAT_MESSAGE_MAX + 1),
    "__proto__",
    "<script>alert(1)</script>",
    "A".repeat(43),
    "00000000-0000-0000-0000-000000000000",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** Now and then a value; mostly none. */
const sometimes = <T>(a: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a });

/** A field: a good value, a hostile one, or none. */
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 14, arbitrary: good.map((v) => ({ v })) },
    { weight: 2, arbitrary: nasty.map((v) => ({ v })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

const goodText = fc.oneof(
  fc.constantFrom("Hello", "Do you host e-mail?", "  padded  ", "🦄 unicorn", "Line one\nline two"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
);
/** Which conversation a request names: one the run started (by index), or a stranger's id. */
const conversationRef = fc.oneof(
  { weight: 5, arbitrary: fc.nat(4).map((i) => ({ ref: i })) },
  { weight: 1, arbitrary: fc.constant({ stranger: true as const }) },
);
/** Which token: the conversation's current one, one it had before a retry, another's, or made up. */
const tokenRef = fc.constantFrom("current", "current", "current", "other", "made-up");
const transport = fc.record({
  origin: fc.constantFrom("allowed", "allowed", "allowed", "none", "foreign"),
  json: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  pollute: fc.oneof(
    { weight: 9, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
});

export const chatRequest = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      route: fc.constant("start" as const),
      name: field(fc.constantFrom("Grace Hopper", "Ada", "  Zoë  ")),
      email: field(fc.constantFrom("grace@example.com", "ADA@Example.org", " a@b.co ")),
      consent: field(fc.constant(true)),
      body: field(goodText),
      page: field(fc.constantFrom("/", "/contact", "/services/erp-consultation")),
      website: sometimes(nasty),
      challenge: fc.constantFrom("solved", "solved", "solved", "solved", "spent", "hostile", "none"),
      hostileChallenge: nasty,
      /** A retry of an earlier start of the run: its clientId and e-mail, with its own secret or another. */
      retry: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.record({ of: fc.nat(4), sameSecret: fc.boolean() }) },
      ),
      badClientId: sometimes(nasty),
      badSecret: sometimes(nasty),
      transport,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      route: fc.constantFrom("message" as const, "typing" as const),
      conversation: conversationRef,
      token: tokenRef,
      badAuth: sometimes(fc.record({ conversationId: nasty, token: nasty }, { requiredKeys: [] })),
      body: field(goodText),
      /** A clientId the conversation already holds (a retried send), a new one, or a hostile one. */
      clientId: fc.oneof(
        { weight: 4, arbitrary: fc.constant("new") },
        { weight: 1, arbitrary: fc.constant("again") },
        { weight: 1, arbitrary: nasty.map((v) => ({ v })) },
      ),
      transport,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      route: fc.constant("stream" as const),
      conversation: conversationRef,
      token: tokenRef,
      query: fc.oneof(
        { weight: 2, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc.dictionary(
            fc.constantFrom("conversation", "token", "after", "stream"),
            fc.oneof(
              fc.string({ maxLength: 70 }),
              fc.constantFrom("", " 12", "1e3", "-1", "0x10", "k".repeat(65)),
            ),
            { maxKeys: 2 },
          ),
        },
      ),
      after: fc.option(fc.nat(300), { nil: undefined }),
      transport,
    }),
  },
);
export type ChatRequest = typeof chatRequest extends fc.Arbitrary<infer T> ? T : never;

/** An honest start, as the panel sends it: each run begins with one, so its other requests have a conversation. */
export const honestStart: ChatRequest = {
  route: "start",
  name: { v: "Grace Hopper" },
  email: { v: "grace@example.com" },
  consent: { v: true },
  body: { v: "Do you build ERP integrations?" },
  page: { v: "/contact" },
  website: undefined,
  challenge: "solved",
  hostileChallenge: null,
  retry: undefined,
  badClientId: undefined,
  badSecret: undefined,
  transport: { origin: "allowed", json: true, pollute: false },
};

export type Expected =
  | { status: 400; fields: string[] }
  | { status: number; error?: string | string[]; session?: true };

/** One conversation the model saw started. */
interface Known {
  session: ChatSession;
  /** Tokens it had before a retry replaced them. */
  old: string[];
  clientId: string;
  email: string;
  secret: string;
  clientIds: Set<string>;
}

export class ChatModel {
  readonly conversations: Known[] = [];
  /** Every message stored, as the model expects it (seq 1 included). */
  messages = 0;

  /** The request's JSON body (or stream query), with the references resolved against what exists. */
  resolve(req: ChatRequest, solved: () => Promise<string>, spent: string) {
    const pick = (ref: { ref: number } | { stranger: true }) =>
      "ref" in ref && this.conversations.length > 0
        ? this.conversations[ref.ref % this.conversations.length]
        : undefined;
    if (req.route === "start") {
      const of = req.retry && this.conversations[req.retry.of % Math.max(1, this.conversations.length)];
      const body: Record<string, unknown> = {};
      for (const k of ["name", "email", "consent", "body", "page"] as const) if (req[k]) body[k] = req[k].v;
      body.clientId = req.badClientId ?? of?.clientId ?? randomUUID();
      body.secret = req.badSecret ?? (of && req.retry?.sameSecret ? of.secret : startSecret());
      if (of) body.email = of.email;
      if (req.website !== undefined) body.website = req.website;
      return async () => {
        if (req.challenge === "solved") body[CHALLENGE_FIELD] = await solved();
        if (req.challenge === "spent") body[CHALLENGE_FIELD] = spent;
        if (req.challenge === "hostile") body[CHALLENGE_FIELD] = req.hostileChallenge;
        return body;
      };
    }
    const known = pick(req.conversation);
    const other = this.conversations.find((k) => k !== known);
    const token =
      req.token === "current"
        ? known?.session.token
        : req.token === "other"
          ? (known?.old.at(-1) ?? other?.session.token)
          : undefined;
    const auth = {
      conversationId: known?.session.conversationId ?? randomUUID(),
      token: token ?? startSecret(),
      ...(req.route !== "stream" ? req.badAuth : {}),
    };
    if (req.route === "stream") return async () => ({ ...auth, known });
    const body: Record<string, unknown> = { ...auth };
    if (req.route === "message") {
      if (req.body) body.body = req.body.v;
      const held = known && [...known.clientIds].at(-1);
      body.clientId =
        req.clientId === "again"
          ? (held ?? randomUUID())
          : req.clientId === "new"
            ? randomUUID()
            : req.clientId.v;
    }
    return async () => body;
  }

  /** The answer the rules give to `body` sent to `req.route` (not the stream: see streamAnswer). */
  expect(req: ChatRequest, body: Record<string, unknown>, bytes: number): Expected {
    if (!req.transport.json) return { status: 415, error: "unsupported_media_type" };
    if (req.transport.origin === "foreign") return { status: 403, error: "origin_not_allowed" };
    const schema =
      req.route === "start" ? chatStartSchema : req.route === "message" ? chatSendSchema : chatTypingSchema;
    // Each route's limit is its contract's largest valid body (platform/http/body-limit.ts).
    if (bytes > bodyLimitOf(schema).bytes) return { status: 413, error: "payload_too_large" };
    const parsed = schema.safeParse(body);
    if (!parsed.success) return { status: 400, fields: Object.keys(fieldErrors(parsed.error)).sort() };
    const data = parsed.data as Record<string, unknown>;
    if (req.route === "start") {
      if (req.challenge !== "solved") return { status: 403, error: Object.keys(CHALLENGE_REFUSALS) };
      const retried = this.conversations.find((k) => k.clientId === data.clientId && k.email === data.email);
      if (retried)
        return retried.secret === data.secret
          ? { status: 200, session: true }
          : { status: 403, error: "forbidden" };
      return { status: 201, session: true };
    }
    const known = this.conversations.find((k) => k.session.conversationId === data.conversationId);
    if (!known || known.session.token !== data.token) return { status: 403, error: "forbidden" };
    if (req.route === "typing") return { status: 204 };
    return known.clientIds.has(data.clientId as string) ? { status: 200 } : { status: 201 };
  }

  /** Records what an accepted request stored. */
  accepted(req: ChatRequest, body: Record<string, unknown>, status: number, answer: Record<string, unknown>) {
    if (req.route === "start") {
      const data = chatStartSchema.parse(body);
      const session = answer as unknown as ChatSession;
      if (status === 201) {
        this.conversations.push({
          session,
          old: [],
          clientId: data.clientId,
          email: data.email,
          secret: data.secret,
          clientIds: new Set([data.clientId]),
        });
        this.messages++;
      } else {
        const known = this.conversations.find((k) => k.session.conversationId === session.conversationId)!;
        known.old.push(known.session.token);
        known.session = session;
      }
    } else if (req.route === "message" && status === 201) {
      const known = this.conversations.find((k) => k.session.conversationId === body.conversationId)!;
      known.clientIds.add(body.clientId as string);
      this.messages++;
    }
  }
}
