// One client's Server-Sent Events stream of one conversation, for the visitor and the desk alike.
// Exactly once and in order: the stream listens to the bus BEFORE it reads what the client missed
// (everything after its Last-Event-ID, at most the last CHAT_REPLAY_MAX), sends each message with
// `id: <seq>`, and never sends a seq twice or out of order: an event that does not follow the last seq
// sent makes it read the gap from the store first (a conversation's seqs are gap-free and in commit
// order). Every heartbeat also reads the store, so a bus event lost (Redis away) only delays a message.
//
// Bounded (issue 33, decision 0025): what the store gives is written as the socket takes it; data the
// socket has not taken passing MAX_UNSENT_BYTES resets the connection; every heartbeat, and every
// "access" event of the bus, checks again that the client may listen; a visitor's stream ends when
// its conversation is closed and after its lifetime (its EventSource comes back with Last-Event-ID,
// having read to the end: one that never reads is reset a grace later).
import {
  CHAT_EVENTS,
  CHAT_REPLAY_MAX,
  type ChatConversationState,
  type ChatMessage,
} from "@site/contracts/chat";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import type { ChatBus, ChatEvent } from "./chat-bus";
import { conversationState, messagesAfter } from "./chat-reads";
import type { OpenStream } from "./stream-registry";

/** How soon a dropped EventSource reconnects (the `retry` field). */
const RETRY_MS = 1_000;
/** How soon it reconnects after the stream's planned end. */
const RENEW_RETRY_MS = 100;
/** Data written but not yet taken by the socket: past this the client is not reading, and is reset. */
const MAX_UNSENT_BYTES = 256 * 1024;
/** The store's messages are written while the socket holds less than this, then after it drains. */
const WRITE_AHEAD_BYTES = 64 * 1024;
/** Messages read from the store at a time. */
const PAGE = 50;

/** Whether the client may go on listening: "revoked" (token rotated or run out, or no conversation). */
type Access = "open" | "closed" | "revoked";
/** Why a stream ends, in its last event (`end`) where the client should know. */
type EndReason = "closed" | "revoked";

export interface StreamOptions {
  db: Kysely<DB>;
  bus: ChatBus;
  conversationId: string;
  afterSeq: number;
  /** Whose typing this client hears: the other side's. */
  hears: "visitor" | "staff";
  /** What the client sees of a message and of the state (the visitor sees first names only). */
  viewMessage?: (m: ChatMessage) => ChatMessage;
  /** Checked on every heartbeat and on an "access" event; anything but "open" ends the stream. */
  access: () => Promise<Access>;
  /** Runs on every heartbeat (the desk marks its member present). */
  onHeartbeat?: () => Promise<void>;
  heartbeatMs: number;
  /** A visitor's stream: it ends when the conversation is closed, and after `lifetimeMs`. */
  visitor?: { lifetimeMs: number; graceMs: number };
  log: FastifyReply["log"];
}

const frame = (e: { event: string; data: unknown; id?: number; retry?: number }) =>
  `${e.id === undefined ? "" : `id: ${e.id}\n`}${e.retry === undefined ? "" : `retry: ${e.retry}\n`}` +
  `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;

export class ConversationStream implements OpenStream {
  readonly conversationId: string;
  private lastSent: number;
  /** True until the first catch-up starts, and while one runs: message events only ask for another. */
  private catchingUp = true;
  private again = false;
  private ready = false;
  private pendingState: ChatConversationState | undefined;
  private done = false;
  private release: () => void = () => {};
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: () => void = () => {};

  constructor(
    private readonly reply: FastifyReply,
    private readonly o: StreamOptions,
  ) {
    this.conversationId = o.conversationId;
    this.lastSent = o.afterSeq;
  }

  private get visitor() {
    return this.o.visitor !== undefined;
  }

  /** Streams until the client leaves, the stream ends or is reset; `release` frees its place. */
  async start(release: () => void): Promise<void> {
    this.release = release;
    const { reply, o } = this;
    reply.sse.keepAlive();
    // A visitor's connection closes with its stream, so a client that never reads can be reset.
    if (this.visitor) reply.header("connection", "close");
    reply.sse.onClose(() => this.finish());
    this.unsubscribe = o.bus.subscribe((event) => this.onEvent(event));
    this.every(o.heartbeatMs, () => this.beat());
    if (o.visitor) this.after(o.visitor.lifetimeMs, () => this.end(undefined, RENEW_RETRY_MS));
    await this.step(async () => {
      const [state, last] = await Promise.all([
        conversationState(o.db, o.conversationId),
        o.db
          .selectFrom("chat_conversations")
          .select("last_seq")
          .where("lead_id", "=", o.conversationId)
          .executeTakeFirst(),
      ]);
      if (!state || !last) return this.end("revoked");
      this.write(frame({ event: CHAT_EVENTS.state, data: state, retry: RETRY_MS }));
      this.ready = true;
      if (this.pendingState) this.sendState(this.pendingState);
      if (this.visitor && state.state === "closed") return this.end("closed");
      this.lastSent = Math.max(this.lastSent, Number(last.last_seq) - CHAT_REPLAY_MAX);
      this.catchingUp = false;
      await this.catchUp();
    });
  }

  /** Ends the stream (shutdown, or the same panel reconnected). */
  close() {
    this.end();
  }

  recheck() {
    void this.step(() => this.checkAccess());
  }

  private onEvent(event: ChatEvent) {
    if (event.type === "presence" || event.conversationId !== this.conversationId || this.done) return;
    if (event.type === "message") {
      const { seq } = event.message;
      if (this.catchingUp) this.again = true;
      else if (seq === this.lastSent + 1) this.sendMessage(event.message);
      else if (seq > this.lastSent) void this.step(() => this.catchUp());
    } else if (event.type === "state") {
      if (this.ready) this.sendState(event.state);
      else this.pendingState = event.state;
    } else if (event.type === "access") {
      this.recheck();
    } else if (event.author === this.o.hears && this.ready) {
      this.write(frame({ event: CHAT_EVENTS.typing, data: { author: event.author } }));
    }
  }

  private sendState(state: ChatConversationState) {
    this.write(frame({ event: CHAT_EVENTS.state, data: state }));
    if (this.visitor && state.state === "closed") this.end("closed");
  }

  private sendMessage(m: ChatMessage) {
    if (this.done || m.seq <= this.lastSent) return;
    const view = this.o.viewMessage ?? ((x: ChatMessage) => x);
    this.write(frame({ id: m.seq, event: CHAT_EVENTS.message, data: view(m) }));
    this.lastSent = m.seq;
  }

  /** Sends what the store has after the last seq sent, as the socket takes it. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.again = true;
      return;
    }
    this.catchingUp = true;
    try {
      do {
        this.again = false;
        for (;;) {
          const page = await messagesAfter(this.o.db, this.conversationId, this.lastSent, PAGE);
          for (const m of page) {
            this.sendMessage(m);
            await this.drained();
            if (this.done) return;
          }
          if (page.length < PAGE) break;
        }
      } while (this.again);
    } finally {
      this.catchingUp = false;
    }
  }

  /** Resolves once the socket holds less than WRITE_AHEAD_BYTES of ours, or the stream is over. */
  private drained(): Promise<void> {
    const raw = this.reply.raw;
    if (this.done || raw.writableLength <= WRITE_AHEAD_BYTES) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        raw.off("drain", done);
        raw.off("close", done);
        resolve();
      };
      raw.on("drain", done);
      raw.on("close", done);
    });
  }

  private async beat() {
    if (this.done) return;
    // A socket that has not taken what it was given gets no more: no ping keeps it looking busy.
    if (this.reply.raw.writableLength === 0) this.write(": ping\n\n");
    await this.checkAccess();
    if (this.done) return;
    await this.catchUp();
    await this.o.onHeartbeat?.();
  }

  private async checkAccess() {
    if (this.done) return;
    const access = await this.o.access();
    if (access === "revoked") this.end("revoked");
    else if (access === "closed" && this.visitor) this.end("closed");
  }

  private write(text: string) {
    if (this.done) return;
    this.reply.sse.sendHeaders();
    this.reply.raw.write(text);
    if (this.reply.raw.writableLength > MAX_UNSENT_BYTES) this.reset();
  }

  /**
   * Ends the stream: an `end` event says why when the client should not come back (the conversation
   * closed, its access revoked); a planned end sets how soon it comes back (`retry`) instead. A
   * visitor's client that has not read to the end within its grace is reset.
   */
  private end(reason?: EndReason, retry?: number) {
    if (this.done) return;
    if (reason) this.write(frame({ event: CHAT_EVENTS.end, data: { reason } }));
    else if (retry) this.write(`retry: ${retry}\n\n`);
    if (this.done) return;
    this.finish();
    const raw = this.reply.raw;
    if (!raw.headersSent) this.reply.sse.sendHeaders();
    raw.end();
    const socket = raw.socket;
    if (this.o.visitor && socket) {
      const reset = setTimeout(() => socket.resetAndDestroy(), this.o.visitor.graceMs);
      reset.unref();
      socket.once("close", () => clearTimeout(reset));
    }
  }

  /** Resets the connection at once: the kernel drops what it still holds for this client. */
  private reset() {
    if (this.done) return;
    this.finish();
    this.o.log.info({ conversationId: this.conversationId }, "chat stream reset: its client does not read");
    this.reply.raw.socket?.resetAndDestroy();
  }

  /** Stops everything the stream runs, once, and frees its place. */
  private finish() {
    if (this.done) return;
    this.done = true;
    for (const t of this.timers) clearTimeout(t);
    this.unsubscribe();
    this.release();
  }

  private every(ms: number, f: () => Promise<void>) {
    const t = setInterval(() => void this.step(f), ms);
    t.unref();
    this.timers.push(t);
  }

  private after(ms: number, f: () => void) {
    const t = setTimeout(f, ms);
    t.unref();
    this.timers.push(t);
  }

  /** Runs an async step; a failure (the store away) is logged, and the stream goes on. */
  private async step(f: () => Promise<void>) {
    try {
      await f();
    } catch (err) {
      this.o.log.warn({ err: err instanceof Error ? err.message : String(err) }, "chat stream step failed");
    }
  }
}
