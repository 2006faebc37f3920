// One client's Server-Sent Events stream of one conversation, for the visitor and the desk alike.
// Exactly once and in order: the stream listens to the bus BEFORE it reads what the client missed
// (everything after its Last-Event-ID), sends each message with `id: <seq>`, and never sends a seq
// twice or out of order: an event that does not follow the last seq sent makes it read the gap from
// the store first (a conversation's seqs are gap-free and in commit order). Every heartbeat also
// reads the store, so a bus event lost (Redis away) only delays a message.
import { CHAT_EVENTS, type ChatConversationState, type ChatMessage } from "@site/contracts/chat";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import type { ChatBus } from "./chat-bus";
import { conversationState, messagesAfter } from "./chat-reads";

/** A comment line keeps proxies and our own idle timeout (SOCKET_TIMEOUT_MS) from closing the stream. */
export const HEARTBEAT_MS = 15_000;
/** How soon a dropped EventSource reconnects (the `retry` field). */
const RETRY_MS = 1_000;

/** The open streams of one app, so shutdown can end them (they would otherwise hold it up). */
export class StreamRegistry {
  private readonly open = new Set<() => void>();
  add(close: () => void): () => void {
    this.open.add(close);
    return () => this.open.delete(close);
  }
  closeAll() {
    for (const close of [...this.open]) close();
  }
  get size() {
    return this.open.size;
  }
}

/** The Last-Event-ID header (a reconnecting EventSource), else `?after=` (a new one), else 0. */
export function resumeFrom(lastEventId: string | string[] | undefined, after: number | undefined): number {
  const header =
    typeof lastEventId === "string" && /^\d{1,9}$/.test(lastEventId) ? Number(lastEventId) : undefined;
  return header ?? after ?? 0;
}

export interface StreamOptions {
  db: Kysely<DB>;
  bus: ChatBus;
  registry: StreamRegistry;
  conversationId: string;
  afterSeq: number;
  /** Whose typing this client hears: the other side's. */
  hears: "visitor" | "staff";
  /** What the client sees of a message and of the state (the visitor sees first names only). */
  viewMessage?: (m: ChatMessage) => ChatMessage;
  /** Runs on every heartbeat (the desk marks its member present). */
  onHeartbeat?: () => Promise<void>;
  heartbeatMs?: number;
  log: FastifyReply["log"];
}

/** Streams the conversation on `reply` (an @fastify/sse route) until the client leaves or shutdown. */
export async function streamConversation(reply: FastifyReply, o: StreamOptions): Promise<void> {
  const sse = reply.sse;
  sse.keepAlive();
  let lastSent = o.afterSeq;
  let chain: Promise<void> = Promise.resolve();
  const view = o.viewMessage ?? ((m: ChatMessage) => m);
  const run = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((err: unknown) => {
      o.log.warn({ err: err instanceof Error ? err.message : String(err) }, "chat stream step failed");
    });
  };
  const sendMessage = async (m: ChatMessage) => {
    if (!sse.isConnected || m.seq <= lastSent) return;
    await sse.send({ id: String(m.seq), event: CHAT_EVENTS.message, data: view(m) });
    lastSent = m.seq;
  };
  const catchUp = async () => {
    for (const m of await messagesAfter(o.db, o.conversationId, lastSent)) await sendMessage(m);
  };
  const sendState = async (state: ChatConversationState | undefined) => {
    if (state && sse.isConnected) await sse.send({ event: CHAT_EVENTS.state, data: state });
  };

  const unsubscribe = o.bus.subscribe((event) => {
    if (event.type === "presence" || event.conversationId !== o.conversationId) return;
    if (event.type === "message") {
      run(async () => {
        if (event.message.seq === lastSent + 1) await sendMessage(event.message);
        else if (event.message.seq > lastSent) await catchUp();
      });
    } else if (event.type === "state") {
      run(() => sendState(event.state));
    } else if (event.author === o.hears) {
      run(async () => {
        if (sse.isConnected) await sse.send({ event: CHAT_EVENTS.typing, data: { author: event.author } });
      });
    }
  });
  const heartbeat = setInterval(() => {
    run(async () => {
      if (!sse.isConnected) return;
      reply.raw.write(": ping\n\n");
      await catchUp();
      await o.onHeartbeat?.();
    });
  }, o.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  const close = () => sse.close();
  const unregister = o.registry.add(close);
  sse.onClose(() => {
    clearInterval(heartbeat);
    unsubscribe();
    unregister();
  });

  // The state first (with the reconnection delay), then everything after the client's last event.
  run(async () => {
    await sse.send({
      event: CHAT_EVENTS.state,
      data: await conversationState(o.db, o.conversationId),
      retry: RETRY_MS,
    });
    await catchUp();
  });
  await chain;
}
