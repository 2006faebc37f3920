// How a stored message reaches the streams: every process publishes after the commit, and each
// process's streams listen. Without REDIS_URL one process serves visitors and staff alike (ROLE=all);
// with it, events also go through Redis pub/sub, so a visitor on one instance and a member on another
// hear each other at once. An event is a hint, never the record: the streams read the store to fill
// any gap, and check it on every heartbeat, so an event lost with Redis is late, never missing.
import type { ChatConversationState, ChatMessage } from "@site/contracts/chat";
import { Redis } from "ioredis";
import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";

export type ChatEvent =
  | { type: "message"; conversationId: string; message: ChatMessage }
  | { type: "state"; conversationId: string; state: ChatConversationState }
  | { type: "typing"; conversationId: string; author: "visitor" | "staff" }
  /** Who may listen to a conversation changed (a token rotated, the conversation erased): its streams check again. */
  | { type: "access"; conversationId: string }
  /** A member switched availability, or a conversation's summary changed in another way. */
  | { type: "presence" };

export interface ChatBus {
  publish(event: ChatEvent): void;
  subscribe(listener: (event: ChatEvent) => void): () => void;
  /** "local": this process only; "shared": through Redis; "degraded": Redis configured but not answering. */
  mode(): "local" | "shared" | "degraded";
  close(): Promise<void>;
}

const CHANNEL = "site:chat:events";

function emitterBus() {
  const emitter = new EventEmitter();
  // One listener per open stream.
  emitter.setMaxListeners(0);
  return {
    emit: (event: ChatEvent) => emitter.emit("event", event),
    subscribe(listener: (event: ChatEvent) => void) {
      emitter.on("event", listener);
      return () => void emitter.off("event", listener);
    },
  };
}

/** One process: the streams of this process hear its own publications. */
export function localChatBus(): ChatBus {
  const bus = emitterBus();
  return { publish: bus.emit, subscribe: bus.subscribe, mode: () => "local", close: async () => {} };
}

/**
 * Redis pub/sub (ioredis): a publication is heard at once in this process and, through Redis, in every
 * other; a process ignores its own publications coming back. Publishing never waits for Redis and
 * never fails a request: while Redis is away the other instances catch up from the store.
 */
export interface BusLogger {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/** Publishes `events` to every instance and waits until Redis has them (a short-lived process). */
export async function publishOnce(url: string, events: readonly ChatEvent[], timeoutMs = 5_000) {
  const pub = new Redis(url, {
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    commandTimeout: timeoutMs,
  });
  pub.on("error", () => {});
  try {
    const from = randomUUID();
    for (const event of events) await pub.publish(CHANNEL, JSON.stringify({ from, event }));
  } finally {
    pub.disconnect();
  }
}

export function redisChatBus(url: string, logger: BusLogger): ChatBus {
  const bus = emitterBus();
  const self = randomUUID();
  const options = { connectTimeout: 1_000, enableOfflineQueue: false, maxRetriesPerRequest: 0 };
  const pub = new Redis(url, options);
  // The subscriber must queue its SUBSCRIBE until connected, and re-subscribes by itself on reconnect.
  const sub = new Redis(url, { connectTimeout: 1_000 });
  let ready = false;
  let warned = false;
  for (const client of [pub, sub]) {
    client.on("error", (err: Error) => {
      if (!warned)
        logger.warn(
          { err: err.message },
          "chat: Redis is not reachable; other instances catch up from the store",
        );
      warned = true;
    });
  }
  sub.on("ready", () => {
    ready = true;
    if (warned) logger.info("chat: Redis is reachable again");
    warned = false;
  });
  sub.on("close", () => (ready = false));
  void sub.subscribe(CHANNEL).catch(() => {});
  sub.on("message", (_channel: string, text: string) => {
    try {
      const { from, event } = JSON.parse(text) as { from: string; event: ChatEvent };
      if (from !== self) bus.emit(event);
    } catch {
      // Not ours: ignored.
    }
  });
  return {
    publish(event) {
      bus.emit(event);
      pub.publish(CHANNEL, JSON.stringify({ from: self, event })).catch(() => {});
    },
    subscribe: bus.subscribe,
    mode: () => (ready && pub.status === "ready" ? "shared" : "degraded"),
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
