import type { ChatSession } from "@site/contracts/chat";
import type { FastifyInstance } from "fastify";
import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { buildApp } from "../src/app";
import { type ChatBus, localChatBus } from "../src/chat/chat-bus";
import { chatStreamsEnder } from "../src/chat/feature";
import { DESK_URL, useDesk } from "./desk-helpers";
import { type Backend, ORIGIN, testConfig } from "./helpers";
import { SseClient } from "./sse-client";

/** A Monday, 10:00 in London (GMT): within office hours. */
export const OFFICE_TIME = new Date("2026-01-05T10:00:00.000Z");
/** A Saturday, 10:00 in London: outside. */
export const WEEKEND_TIME = new Date("2026-01-10T10:00:00.000Z");

/** A start's secret as the panel makes it: 32 random bytes, base64url. */
export const startSecret = () => randomBytes(32).toString("base64url");

/**
 * THE body of a chat start in the tests (every start is built here: a field the start comes to
 * need is added once, here).
 */
export const visitor = (over: Record<string, unknown> = {}) => ({
  name: "Grace Hopper",
  email: "grace@example.com",
  consent: true,
  body: "Do you build ERP integrations for small firms?",
  clientId: randomUUID(),
  secret: startSecret(),
  page: "/services/erp-consultation",
  ...over,
});

/**
 * Live chat on one backend: the contact service and the desk, listening on loopback ports, one bus
 * (as in one process), a manual clock set within office hours, and helpers to post and listen.
 */
export function useChat(backend: Backend) {
  const d = useDesk(backend);
  const open: { app: FastifyInstance; streams: SseClient[] }[] = [];
  let contactBase = "";
  let deskBase = "";
  let bus: ChatBus;
  let contactApp: FastifyInstance;
  const streams: SseClient[] = [];

  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    for (const o of open.splice(0)) await o.app.close();
    await bus?.close();
  });

  const listen = async (app: FastifyInstance) => {
    await app.listen({ host: "127.0.0.1", port: 0 });
    open.push({ app, streams: [] });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };

  /**
   * Starts both services with LIVE_CHAT=on (and `env`); the clock at `at`. One bus, as in one
   * process (`chatBus`: another, e.g. through Redis), which also ends the streams of erased leads.
   */
  async function start(env: Record<string, string> = {}, at = OFFICE_TIME, chatBus?: ChatBus) {
    d.clock.set(at);
    bus = chatBus ?? localChatBus();
    const config = { LIVE_CHAT: "on", ...env };
    const shared = { chatBus: bus, onLeadsErased: chatStreamsEnder(bus) };
    contactApp = await buildApp("contact", {
      config: testConfig(config),
      database: d.database,
      clock: d.clock,
      ...shared,
    });
    contactBase = await listen(contactApp);
    const desk = await d.desk(config, shared);
    deskBase = await listen(desk);
  }

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${contactBase}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
  }

  async function startChat(over: Record<string, unknown> = {}): Promise<ChatSession> {
    const res = await post("/chat/conversations", visitor(over));
    if (res.status !== 201) throw new Error(`start: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as unknown as ChatSession;
  }

  async function say(session: ChatSession, body: string, clientId = randomUUID()) {
    return post("/chat/messages", {
      conversationId: session.conversationId,
      token: session.token,
      clientId,
      body,
    });
  }

  /** A visitor's stream; `key` names the panel's stream (its reconnection replaces it). */
  async function visitorStream(
    session: ChatSession,
    opts: { after?: number; lastEventId?: string; key?: string } = {},
  ) {
    const q = new URLSearchParams({ conversation: session.conversationId, token: session.token });
    if (opts.after !== undefined) q.set("after", String(opts.after));
    if (opts.key !== undefined) q.set("stream", opts.key);
    const s = await SseClient.open(`${contactBase}/chat/stream?${q}`, {
      origin: ORIGIN,
      ...(opts.lastEventId ? { "last-event-id": opts.lastEventId } : {}),
    });
    streams.push(s);
    return s;
  }

  /** A desk request as the member with `cookie`. */
  async function desk(cookie: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${deskBase}${path}`, {
      method,
      headers: {
        cookie,
        origin: DESK_URL,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  async function deskStream(cookie: string, path: string, lastEventId?: string) {
    const s = await SseClient.open(`${deskBase}${path}`, {
      cookie,
      ...(lastEventId ? { "last-event-id": lastEventId } : {}),
    });
    streams.push(s);
    return s;
  }

  return {
    d,
    start,
    get bus() {
      return bus;
    },
    get contactApp() {
      return contactApp;
    },
    get deskBase() {
      return deskBase;
    },
    post,
    startChat,
    say,
    visitorStream,
    desk,
    deskStream,
    get contactBase() {
      return contactBase;
    },
  };
}
