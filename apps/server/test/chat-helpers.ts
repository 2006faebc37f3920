import { CHALLENGE_FIELD } from "@site/contracts";
import { CHAT_PATHS, type ChatSession } from "@site/contracts/chat";
import type { FastifyInstance } from "fastify";
import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { buildApp } from "../src/app";
import { type ChatBus, localChatBus } from "../src/chat/chat-bus";
import { chatStreamsEnder } from "../src/chat/feature";
import { withChallenge } from "./challenge-helpers";
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
/** One instance's two listeners: the contact service and the desk. */
interface Instance {
  contactApp: FastifyInstance;
  contactBase: string;
  deskBase: string;
  bus: ChatBus;
}

export function useChat(backend: Backend) {
  const d = useDesk(backend);
  const apps: FastifyInstance[] = [];
  const buses: ChatBus[] = [];
  const streams: SseClient[] = [];
  let first: Instance | undefined;

  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    for (const app of apps.splice(0)) await app.close();
    for (const bus of buses.splice(0)) await bus.close();
    first = undefined;
  });

  const listen = async (app: FastifyInstance) => {
    await app.listen({ host: "127.0.0.1", port: 0 });
    apps.push(app);
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  const current = () => {
    if (!first) throw new Error("start() the chat first");
    return first;
  };

  /**
   * An instance of both services with LIVE_CHAT=on (and `env`) on the block's database and clock.
   * One bus, as in one process (`chatBus`: e.g. one through Redis), which also ends the streams of
   * erased leads.
   */
  async function instance(env: Record<string, string> = {}, chatBus?: ChatBus): Promise<Instance> {
    const bus = chatBus ?? localChatBus();
    buses.push(bus);
    const config = { LIVE_CHAT: "on", ...env };
    const shared = { chatBus: bus, onLeadsErased: chatStreamsEnder(bus) };
    const contactApp = await buildApp("contact", {
      config: testConfig(config),
      database: d.database,
      clock: d.clock,
      ...shared,
    });
    const contactBase = await listen(contactApp);
    const deskBase = await listen(await d.desk(config, shared));
    return { contactApp, contactBase, deskBase, bus };
  }

  /** Starts the first instance (the one the helpers below talk to); the clock at `at`. */
  async function start(env: Record<string, string> = {}, at = OFFICE_TIME, chatBus?: ChatBus) {
    d.clock.set(at);
    first = await instance(env, chatBus);
    return first;
  }

  /** POSTs `body` as JSON; a chat start gets a solved challenge, as the panel sends it (unless it has one). */
  async function post(path: string, body: object, headers: Record<string, string> = {}, at = current()) {
    const solved =
      path === CHAT_PATHS.conversations && !(CHALLENGE_FIELD in body)
        ? await withChallenge(at.contactBase, body)
        : body;
    const res = await fetch(`${at.contactBase}${path}`, {
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

  /** A visitor's stream; `key` names the panel's stream (its reconnection replaces it). */
  async function visitorStream(
    session: ChatSession,
    opts: { after?: number; lastEventId?: string; key?: string; at?: Instance } = {},
  ) {
    const q = new URLSearchParams({ conversation: session.conversationId, token: session.token });
    if (opts.after !== undefined) q.set("after", String(opts.after));
    if (opts.key !== undefined) q.set("stream", opts.key);
    const s = await SseClient.open(`${(opts.at ?? current()).contactBase}/chat/stream?${q}`, {
      origin: ORIGIN,
      ...(opts.lastEventId ? { "last-event-id": opts.lastEventId } : {}),
    });
    streams.push(s);
    return s;
  }

  /** A desk request as the member with `cookie`. */
  async function desk(cookie: string, method: string, path: string, body?: unknown, at = current()) {
    const res = await fetch(`${at.deskBase}${path}`, {
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

  async function deskStream(cookie: string, path: string, lastEventId?: string, at = current()) {
    const s = await SseClient.open(`${at.deskBase}${path}`, {
      cookie,
      ...(lastEventId ? { "last-event-id": lastEventId } : {}),
    });
    streams.push(s);
    return s;
  }

  return {
    d,
    start,
    instance,
    post,
    startChat,
    say,
    visitorStream,
    desk,
    deskStream,
    get bus() {
      return current().bus;
    },
    get contactApp() {
      return current().contactApp;
    },
    get contactBase() {
      return current().contactBase;
    },
  };
}
