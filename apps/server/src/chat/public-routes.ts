// The visitor's side of live chat, on the contact service (LIVE_CHAT=on): its origin is already in the
// site's connect-src, so the panel's fetches and its EventSource need no new CSP exception. Bodies are
// the contract's (@site/contracts/chat), JSON only, from an allowed origin, rate-limited per client
// like the forms (in Redis with REDIS_URL). The visitor proves the conversation with its token, in
// the body of a POST and in the stream's query (an EventSource sends no headers of its own).
import sse from "@fastify/sse";
import {
  CHAT_PATHS,
  chatReadSchema,
  chatResumeSchema,
  chatSendSchema,
  chatStartSchema,
  chatTypingSchema,
  type ChatMessage,
} from "@site/contracts/chat";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireChallenge } from "../platform/challenge/challenge-routes";
import { postChecks } from "../platform/http/post-rules";
import type { ChatPublicDeps } from "./public-deps";
import { chatStatus } from "./chat-desk-store";
import { parseLink, verifyLink } from "./chat-links";
import { conversationState, firstName, visitorConversation } from "./chat-reads";
import { addMessage, markRead, renewVisitorToken, startConversation } from "./chat-store";
import { forbidden } from "./public-answers";
import { registerChatStreamRoutes } from "./public-stream";

/** Typing, read marks, status and stream connections: generous, but bounded. */
const SIGNALS_PER_MINUTE = 120;

export async function registerChatPublicRoutes(app: FastifyInstance, deps: ChatPublicDeps) {
  const { database, clock, bus } = deps;
  const db = database.db;
  await app.register(sse, { heartbeatInterval: 0 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const json = postChecks({
    types: ["application/json"],
    wrongType: "Send the body as application/json.",
    allowedOrigins: deps.allowedOrigins,
  });
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
  const visitorView = (m: ChatMessage) =>
    m.authorName && m.author === "staff" ? { ...m, authorName: firstName(m.authorName) } : m;
  const publishState = async (conversationId: string) => {
    const state = await conversationState(db, conversationId);
    if (state) bus.publish({ type: "state", conversationId, state });
  };

  r.get(CHAT_PATHS.status, { config: perMinute(SIGNALS_PER_MINUTE) }, async () =>
    chatStatus(db, clock.now()),
  );

  r.post(
    CHAT_PATHS.conversations,
    {
      config: { rateLimit: { max: deps.conversationsPerHour, timeWindow: 60 * 60_000 } },
      schema: { body: chatStartSchema },
      onRequest: json,
      preHandler: requireChallenge(deps.pow, db),
    },
    async (req, reply) => {
      const now = clock.now();
      const started = await startConversation(db, req.body, { now, channels: deps.channels });
      if (started.refused) return forbidden(reply);
      const spam = req.body.website;
      req.log.info(
        { leadId: started.conversationId, kind: "chat", spam, replay: started.replay },
        "chat started",
      );
      if (!started.replay && !spam) {
        deps.onLeadStored?.(started.conversationId);
        bus.publish({ type: "message", conversationId: started.conversationId, message: started.message });
      }
      // A retry replaced the token: a stream of the old one ends, on every instance.
      if (started.replay) bus.publish({ type: "access", conversationId: started.conversationId });
      const { online } = await chatStatus(db, now);
      return reply.code(started.replay ? 200 : 201).send({
        conversationId: started.conversationId,
        token: started.token,
        expiresAt: started.expiresAt,
        online,
      });
    },
  );

  r.post(
    CHAT_PATHS.messages,
    {
      config: perMinute(deps.messagesPerMinute),
      schema: { body: chatSendSchema },
      onRequest: json,
    },
    async (req, reply) => {
      const { conversationId, token, clientId, body } = req.body;
      const now = clock.now();
      if (!(await visitorConversation(db, conversationId, token, now))) return forbidden(reply);
      const stored = await addMessage(db, { conversationId, author: "visitor", body, clientId, now });
      if (!stored) return forbidden(reply);
      if (!stored.replay) {
        bus.publish({ type: "message", conversationId, message: stored.message });
        // A message reopens a closed conversation: the desk's list hears it.
        await publishState(conversationId);
      }
      return reply
        .code(stored.replay ? 200 : 201)
        .send({ message: visitorView(stored.message), expiresAt: stored.expiresAt });
    },
  );

  r.post(
    CHAT_PATHS.typing,
    { config: perMinute(SIGNALS_PER_MINUTE), schema: { body: chatTypingSchema }, onRequest: json },
    async (req, reply) => {
      const { conversationId, token } = req.body;
      if (!(await visitorConversation(db, conversationId, token, clock.now()))) return forbidden(reply);
      bus.publish({ type: "typing", conversationId, author: "visitor" });
      return reply.code(204).send();
    },
  );

  r.post(
    CHAT_PATHS.read,
    { config: perMinute(SIGNALS_PER_MINUTE), schema: { body: chatReadSchema }, onRequest: json },
    async (req, reply) => {
      const { conversationId, token, seq } = req.body;
      if (!(await visitorConversation(db, conversationId, token, clock.now()))) return forbidden(reply);
      if (await markRead(db, conversationId, "visitor", seq)) await publishState(conversationId);
      return reply.code(204).send();
    },
  );

  r.post(
    CHAT_PATHS.resume,
    {
      config: perMinute(deps.messagesPerMinute),
      schema: { body: chatResumeSchema },
      onRequest: json,
    },
    async (req, reply) => {
      const now = clock.now();
      const parsed = parseLink(req.body.link);
      const row =
        parsed &&
        (await db
          .selectFrom("chat_conversations")
          .select("link_key")
          .where("lead_id", "=", parsed.conversationId)
          .executeTakeFirst());
      if (!parsed || !row || !verifyLink(req.body.link, row.link_key, now)) return forbidden(reply);
      const session = await renewVisitorToken(db, parsed.conversationId, now);
      bus.publish({ type: "access", conversationId: parsed.conversationId });
      await publishState(parsed.conversationId);
      const { online } = await chatStatus(db, now);
      return { ...session, online };
    },
  );

  await registerChatStreamRoutes(app, {
    ...deps,
    json,
    visitorView,
    perMinute: perMinute(SIGNALS_PER_MINUTE),
  });

  for (const [url, allow] of [
    [CHAT_PATHS.status, "GET"],
    [CHAT_PATHS.stream, "GET"],
    [CHAT_PATHS.conversations, "POST, OPTIONS"],
    [CHAT_PATHS.messages, "POST, OPTIONS"],
    [CHAT_PATHS.typing, "POST, OPTIONS"],
    [CHAT_PATHS.read, "POST, OPTIONS"],
    [CHAT_PATHS.resume, "POST, OPTIONS"],
    [CHAT_PATHS.history, "POST, OPTIONS"],
  ] as const) {
    const methods = (["GET", "POST", "PUT", "DELETE", "PATCH"] as const).filter((m) => !allow.includes(m));
    app.route({
      method: [...methods],
      url,
      handler: async (_req, reply) =>
        reply
          .code(405)
          .header("allow", allow)
          .send({ error: "method_not_allowed", message: `Use ${allow.split(",")[0]} ${url}.` }),
    });
  }
}
