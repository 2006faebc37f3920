// The visitor's stream (GET /chat/stream) and the messages before it (POST /chat/history). A stream
// takes the token in its query (an EventSource sends no headers of its own), is counted against the
// bounds of stream-registry.ts, replays at most the last CHAT_REPLAY_MAX messages; the panel asks for
// earlier ones, CHAT_HISTORY_PAGE at a time, when the visitor scrolls to the top.
import { CHAT_HISTORY_PAGE, CHAT_PATHS, chatHistorySchema, type ChatMessage } from "@site/contracts/chat";
import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientKey } from "../platform/http/client-key";
import { messagesBefore, visitorAccess, visitorConversation } from "./chat-reads";
import { ConversationStream } from "./chat-stream";
import { resumeFrom } from "./stream-clock";
import { forbidden } from "./public-answers";
import type { ChatPublicDeps } from "./public-deps";
import { STREAMS_PER_CLIENT, STREAMS_PER_CONVERSATION } from "./stream-registry";

/** How soon a refused stream may try again. */
const REFUSED_RETRY_S = 15;

const TOO_MANY = {
  conversation: `This conversation is open in too many places (at most ${STREAMS_PER_CONVERSATION}): close one, then try again.`,
  client: `Too many chat streams from your network (at most ${STREAMS_PER_CLIENT}): close one, then try again.`,
};

export async function registerChatStreamRoutes(
  app: FastifyInstance,
  deps: ChatPublicDeps & {
    json: onRequestHookHandler;
    visitorView: (m: ChatMessage) => ChatMessage;
    perMinute: { rateLimit: { max: number; timeWindow: number } };
  },
) {
  const { database, clock, bus, registry, visitorView } = deps;
  const db = database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    CHAT_PATHS.history,
    { config: deps.perMinute, schema: { body: chatHistorySchema }, onRequest: deps.json },
    async (req, reply) => {
      const { conversationId, token, before } = req.body;
      if (!(await visitorConversation(db, conversationId, token, clock.now()))) return forbidden(reply);
      const messages = await messagesBefore(db, conversationId, before, CHAT_HISTORY_PAGE);
      return { messages: messages.map(visitorView) };
    },
  );

  r.get(
    CHAT_PATHS.stream,
    {
      sse: { kind: "only", heartbeat: false },
      config: deps.perMinute,
      schema: {
        querystring: z.object({
          conversation: z.string().max(40),
          token: z.string().max(60),
          after: z.coerce.number().int().min(0).max(1e9).optional(),
          /** The panel's name for its stream: its reconnection replaces its old stream. */
          stream: z
            .string()
            .regex(/^[A-Za-z0-9_-]{1,64}$/)
            .optional(),
        }),
      },
      onRequest: async (req, reply) => {
        const origin = req.headers.origin;
        if (origin !== undefined && !deps.allowedOrigins.includes(origin)) {
          return reply
            .code(403)
            .send({ error: "origin_not_allowed", message: "This origin may not listen here." });
        }
      },
    },
    async (req, reply) => {
      const { conversation, token, after, stream: key } = req.query;
      if (!(await visitorConversation(db, conversation, token, clock.now()))) return forbidden(reply);
      const { heartbeatMs, lifetimeMs, graceMs } = deps.timings;
      const stream = new ConversationStream(reply, {
        db,
        bus,
        conversationId: conversation,
        afterSeq: resumeFrom(req.headers["last-event-id"], after),
        hears: "staff",
        viewMessage: visitorView,
        access: () => visitorAccess(db, conversation, token, clock.now()),
        heartbeatMs,
        visitor: { lifetimeMs, graceMs },
        log: req.log,
      });
      const admitted = registry.admitVisitor(stream, { client: clientKey(req.ip), key });
      if (!admitted.ok) {
        return reply
          .code(429)
          .header("retry-after", String(REFUSED_RETRY_S))
          .send({ error: "too_many_streams", message: TOO_MANY[admitted.why] });
      }
      await stream.start(admitted.release);
    },
  );
}
