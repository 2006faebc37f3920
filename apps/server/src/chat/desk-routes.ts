// The desk's side of live chat: the Chats list and its live updates, a conversation's transcript and
// stream, answering, taking, closing, read marks, typing and the member's availability. Private like
// every desk route (the guard: a session, and the desk's Origin for a change).
import sse from "@fastify/sse";
import {
  chatAvailabilitySchema,
  chatListSchema,
  chatTranscriptSchema,
  DESK_CHAT_EVENTS,
  deskChatReadSchema,
  deskChatSendSchema,
  deskErrorSchema,
  leadIdParamsSchema,
} from "@site/contracts/desk";
import { chatSentSchema } from "@site/contracts/chat";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../platform/clock";
import type { Database } from "../records/database";
import { staffOf } from "../records/staff/guard";
import type { ChatBus } from "./chat-bus";
import {
  changeConversation,
  chatStatus,
  conversationSummary,
  isAvailable,
  listConversations,
  setAvailable,
  touchPresence,
  transcript,
} from "./chat-desk-store";
import { conversationState } from "./chat-reads";
import { addMessage, markRead } from "./chat-store";
import { ConversationStream } from "./chat-stream";
import { resumeFrom } from "./stream-clock";
import type { StreamRegistry } from "./stream-registry";

export interface ChatDeskDeps {
  database: Database;
  clock: Clock;
  bus: ChatBus;
  registry: StreamRegistry;
  /** A reply the visitor has not read after this long goes to them by e-mail. */
  replyMailAfterMs: number;
  /** The streams' heartbeat (streamTimings of SOCKET_TIMEOUT_MS); the member counts as present on it. */
  heartbeatMs: number;
}

const noChat = (reply: FastifyReply) =>
  reply
    .code(404)
    .send({ error: "not_found", message: "No conversation with this id (it may have been erased)." });

export async function registerChatDeskRoutes(app: FastifyInstance, deps: ChatDeskDeps) {
  const { database, clock, bus, registry } = deps;
  const db = database.db;
  await app.register(sse, { heartbeatInterval: 0 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = { params: leadIdParamsSchema };
  const publishState = async (conversationId: string) => {
    const state = await conversationState(db, conversationId);
    if (state) bus.publish({ type: "state", conversationId, state });
  };

  r.get("/api/chats", { schema: { response: { 200: chatListSchema } } }, async (req) => {
    const now = clock.now();
    const me = staffOf(req);
    const [conversations, available, status] = await Promise.all([
      listConversations(db, now),
      isAvailable(db, me.id),
      chatStatus(db, now),
    ]);
    return { conversations, available, ...status };
  });

  r.put(
    "/api/chats/availability",
    { schema: { body: chatAvailabilitySchema, response: { 200: chatAvailabilitySchema } } },
    async (req) => {
      await setAvailable(db, staffOf(req).id, req.body.available, clock.now());
      bus.publish({ type: "presence" });
      return { available: req.body.available };
    },
  );

  // Every change to any conversation, as its summary; the member counts as present while it is open.
  r.get("/api/chats/events", { sse: { kind: "only", heartbeat: false } }, async (req, reply) => {
    const me = staffOf(req);
    const live = reply.sse;
    live.keepAlive();
    let chain: Promise<void> = Promise.resolve();
    const run = (step: () => Promise<void>) => {
      chain = chain.then(step).catch((err: unknown) => {
        req.log.warn({ err: err instanceof Error ? err.message : String(err) }, "chat events step failed");
      });
    };
    const sendSummary = async (id: string) => {
      const summary = await conversationSummary(db, id);
      if (summary && live.isConnected) await live.send({ event: DESK_CHAT_EVENTS.summary, data: summary });
    };
    const unsubscribe = bus.subscribe((event) => {
      if (event.type === "message" || event.type === "state") run(() => sendSummary(event.conversationId));
    });
    const beat = setInterval(() => {
      run(async () => {
        if (!live.isConnected) return;
        reply.raw.write(": ping\n\n");
        await touchPresence(db, me.id, clock.now());
      });
    }, deps.heartbeatMs);
    beat.unref();
    const unregister = registry.add({ conversationId: "", close: () => live.close(), recheck: () => {} });
    live.onClose(() => {
      clearInterval(beat);
      unsubscribe();
      unregister();
    });
    run(async () => {
      await touchPresence(db, me.id, clock.now());
      await live.send({ event: "ready", data: {}, retry: 1_000 });
    });
    await chain;
  });

  r.get(
    "/api/chats/:id",
    { schema: { ...params, response: { 200: chatTranscriptSchema, 404: deskErrorSchema } } },
    async (req, reply) => (await transcript(db, req.params.id)) ?? noChat(reply),
  );

  r.get(
    "/api/chats/:id/stream",
    {
      sse: { kind: "only", heartbeat: false },
      schema: {
        ...params,
        querystring: z.object({ after: z.coerce.number().int().min(0).max(1e9).optional() }),
      },
    },
    async (req, reply) => {
      const me = staffOf(req);
      const id = req.params.id;
      if (!(await conversationState(db, id))) return noChat(reply);
      const stream = new ConversationStream(reply, {
        db,
        bus,
        conversationId: id,
        afterSeq: resumeFrom(req.headers["last-event-id"], req.query.after),
        hears: "visitor",
        // An erased conversation's stream ends.
        access: async () => ((await conversationState(db, id)) ? "open" : "revoked"),
        onHeartbeat: () => touchPresence(db, me.id, clock.now()),
        heartbeatMs: deps.heartbeatMs,
        log: req.log,
      });
      await stream.start(registry.add(stream));
    },
  );

  r.post(
    "/api/chats/:id/messages",
    {
      schema: {
        ...params,
        body: deskChatSendSchema,
        response: { 200: chatSentSchema, 201: chatSentSchema, 404: deskErrorSchema },
      },
    },
    async (req, reply) => {
      const stored = await addMessage(db, {
        conversationId: req.params.id,
        author: "staff",
        staffId: staffOf(req).id,
        body: req.body.body,
        clientId: req.body.clientId,
        now: clock.now(),
        replyMailAfterMs: deps.replyMailAfterMs,
      });
      if (!stored) return noChat(reply);
      if (!stored.replay)
        bus.publish({ type: "message", conversationId: req.params.id, message: stored.message });
      return reply.code(stored.replay ? 200 : 201).send({ message: stored.message });
    },
  );

  for (const change of ["take", "close"] as const) {
    r.post(`/api/chats/:id/${change}`, { schema: params }, async (req, reply) => {
      if (!(await changeConversation(db, req.params.id, change, staffOf(req), clock.now())))
        return noChat(reply);
      await publishState(req.params.id);
      return reply.code(204).send();
    });
  }

  r.post("/api/chats/:id/read", { schema: { ...params, body: deskChatReadSchema } }, async (req, reply) => {
    if (await markRead(db, req.params.id, "staff", req.body.seq)) await publishState(req.params.id);
    return reply.code(204).send();
  });

  r.post("/api/chats/:id/typing", { schema: params }, async (req, reply) => {
    bus.publish({ type: "typing", conversationId: req.params.id, author: "staff" });
    return reply.code(204).send();
  });
}
