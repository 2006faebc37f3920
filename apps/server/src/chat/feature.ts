// Live chat (LIVE_CHAT=on): the visitor's side on the contact listener, the staff's Chats in the
// desk, both fed by one bus per process, and the replies a visitor missed, mailed through the outbox.
import type { FastifyInstance } from "fastify";
import { proofOfWorkFor } from "../platform/challenge/proof-of-work";
import type { Config } from "../platform/config/config";
import type { Context, Feature } from "../records/feature";
import { configuredChannels } from "../records/outbox/channels";
import { type BusLogger, type ChatBus, localChatBus, publishOnce, redisChatBus } from "./chat-bus";
import { conversationState } from "./chat-reads";
import { streamTimings } from "./stream-clock";
import { StreamRegistry } from "./stream-registry";
import { registerChatDeskRoutes } from "./desk-routes";
import { registerChatPublicRoutes } from "./public-routes";
import { chatReplyChannel } from "./reply-mail";

/** What chat reads besides the common context: the process's bus, shared by its roles. */
type ChatContext = Context & {
  /** Default: one of the app's own (through Redis with REDIS_URL), closed with it. */
  chatBus?: ChatBus | undefined;
};

/** The bus a process's chat roles share: Redis pub/sub with REDIS_URL, else this process alone. */
export function createChatBus(config: Config, log: BusLogger): ChatBus {
  return config.REDIS_URL ? redisChatBus(config.REDIS_URL, log) : localChatBus();
}

/** What ends the chat streams of erased leads, on every instance (Context.onLeadsErased). */
export function chatStreamsEnder(bus: ChatBus): (ids: readonly string[]) => void {
  return (ids) => {
    for (const conversationId of ids) bus.publish({ type: "access", conversationId });
  };
}

/**
 * The same from a process that serves no chat (the leads command): through Redis when REDIS_URL is
 * set, waiting until it is said; without Redis the server's streams find out on their next heartbeat.
 */
export async function announceErased(config: Config, ids: readonly string[]): Promise<void> {
  if (config.LIVE_CHAT !== "on" || !config.REDIS_URL || ids.length === 0) return;
  await publishOnce(
    config.REDIS_URL,
    ids.map((conversationId) => ({ type: "access", conversationId })),
  );
}

/** The app's bus: the process's, or one of its own, closed with the app. */
function busOf(app: FastifyInstance, context: ChatContext): ChatBus {
  if (context.chatBus) return context.chatBus;
  const own = createChatBus(context.config, app.log);
  app.addHook("onClose", () => own.close());
  return own;
}

export const chatFeature: Feature<ChatContext> = {
  roles: ["contact", "desk"],
  async register(app, context) {
    const { role, config, database, clock } = context;
    if (config.LIVE_CHAT !== "on") return;
    const bus = busOf(app, context);
    const registry = new StreamRegistry();
    const timings = streamTimings(config.SOCKET_TIMEOUT_MS);
    // A stream never ends by itself: end them all when the server closes, or shutdown would wait for them.
    app.addHook("preClose", async () => registry.closeAll());
    if (role === "desk") {
      await registerChatDeskRoutes(app, {
        database,
        clock,
        bus,
        registry,
        replyMailAfterMs: config.CHAT_REPLY_MAIL_AFTER_MS,
        heartbeatMs: timings.heartbeatMs,
      });
      return;
    }
    if (!config.REDIS_URL) {
      app.log.info(
        "live chat served by this process alone (REDIS_URL is not set): run one instance, or set REDIS_URL",
      );
    }
    await registerChatPublicRoutes(app, {
      database,
      clock,
      bus,
      registry,
      allowedOrigins: config.ALLOWED_ORIGINS,
      channels: configuredChannels(config),
      conversationsPerHour: config.CHAT_CONVERSATIONS_PER_HOUR,
      messagesPerMinute: config.CHAT_MESSAGES_PER_MINUTE,
      timings,
      onLeadStored: context.onLeadStored,
      pow: proofOfWorkFor(database.db, config),
    });
  },
  // The staff's replies to a visitor who has left; once mailed, the streams show "sent by e-mail".
  channels({ config, database, mailer, chatBus }) {
    if (config.LIVE_CHAT !== "on" || !mailer) return {};
    const db = database.db;
    const onMailed = (conversationId: string) => {
      void conversationState(db, conversationId).then((state) => {
        if (state) chatBus?.publish({ type: "state", conversationId, state });
      });
    };
    return {
      "chat-reply": chatReplyChannel({
        db,
        mailer,
        onMailed,
        settings: { notifyTo: config.NOTIFY_TO, mailFrom: config.MAIL_FROM },
        siteUrl: config.siteOrigin,
      }),
    };
  },
};
