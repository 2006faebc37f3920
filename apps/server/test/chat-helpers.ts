import { CHALLENGE_FIELD } from "@site/contracts";
import { CHAT_PATHS, type ChatSession } from "@site/contracts/chat";
import type { FastifyInstance } from "fastify";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { buildApp } from "../src/app";
import { type ChatBus, localChatBus } from "../src/chat/chat-bus";
import { withChallenge } from "./challenge-helpers";
import { DESK_URL, useDesk } from "./desk-helpers";
import { type Backend, ORIGIN, testConfig } from "./helpers";
import { SseClient } from "./sse-client";

/** A Monday, 10:00 in London (GMT): within office hours. */
export const OFFICE_TIME = new Date("2026-01-05T10:00:00.000Z");
/** A Saturday, 10:00 in London: outside. */
export const WEEKEND_TIME = new Date("2026-01-10T10:00:00.000Z");

export const visitor = (over: Record<string, unknown> = {}) => ({
  name: "Grace Hopper",
  email: "grace@example.com",
  consent: true,
  body: "Do you build ERP integrations for small firms?",
  clientId: randomUUID(),
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

  /** Starts both services with LIVE_CHAT=on (and `env`); the clock at `at`. */
  async function start(env: Record<string, string> = {}, at = OFFICE_TIME) {
    d.clock.set(at);
    bus = localChatBus();
    const config = { LIVE_CHAT: "on", ...env };
    const contact = await buildApp("contact", {
      config: testConfig(config),
      database: d.database,
      clock: d.clock,
      chatBus: bus,
    });
    contactBase = await listen(contact);
    const desk = await d.desk(config, { chatBus: bus });
    deskBase = await listen(desk);
  }

  /** POSTs `body` as JSON; a chat start gets a solved challenge, as the panel sends it (unless it has one). */
  async function post(path: string, body: object, headers: Record<string, string> = {}) {
    const solved =
      path === CHAT_PATHS.conversations && !(CHALLENGE_FIELD in body)
        ? await withChallenge(contactBase, body)
        : body;
    const res = await fetch(`${contactBase}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
      body: JSON.stringify(solved),
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

  async function visitorStream(session: ChatSession, opts: { after?: number; lastEventId?: string } = {}) {
    const q = new URLSearchParams({ conversation: session.conversationId, token: session.token });
    if (opts.after !== undefined) q.set("after", String(opts.after));
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
