import type { ChatConversationState, ChatMessage } from "@site/contracts/chat";
import type { ChatList, ChatSummary } from "@site/contracts/desk";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listLeads } from "../records/lead-queries";
import { OFFICE_TIME, useChat, visitor, WEEKEND_TIME } from "../../test/chat-helpers";
import { BACKENDS, ORIGIN } from "../../test/helpers";

const seqs = (messages: ChatMessage[]) => messages.map((m) => m.seq);

describe.each(BACKENDS)("live chat ($backend)", ({ backend, skip }) => {
  const c = useChat(backend);

  it.skipIf(skip)(
    "a conversation is a lead of kind chat, committed before the 201, and listed in the desk",
    async () => {
      await c.start();
      const session = await c.startChat();
      expect(session).toMatchObject({
        conversationId: expect.any(String),
        token: expect.stringMatching(/^[\w-]{43}$/),
      });
      expect(Date.parse(session.expiresAt) - OFFICE_TIME.getTime()).toBe(24 * 60 * 60 * 1000);

      const [lead] = await listLeads(c.d.db, { kind: "chat", withWork: true });
      expect(lead).toMatchObject({
        id: session.conversationId,
        kind: "chat",
        name: "Grace Hopper",
        email: "grace@example.com",
        message: "Do you build ERP integrations for small firms?",
        spam: false,
      });
      expect(lead!.deliveries.map((x) => x.channel)).toEqual(["email"]);
      expect(lead!.transcript).toEqual([
        expect.objectContaining({
          author: "visitor",
          body: "Do you build ERP integrations for small firms?",
        }),
      ]);

      const { cookie } = await c.d.signIn();
      const list = (await c.desk(cookie, "GET", "/api/chats")).body as unknown as ChatList;
      expect(list.conversations).toEqual([
        expect.objectContaining({
          id: session.conversationId,
          state: "open",
          unread: 1,
          page: "/services/erp-consultation",
          preview: "Do you build ERP integrations for small firms?",
        }),
      ]);
      expect(list).toMatchObject({ available: false, online: false, officeHours: true });
    },
  );

  it.skipIf(skip)(
    "delivers messages both ways live, with typing and read marks, each once and in order",
    async () => {
      await c.start();
      const { cookie } = await c.d.signIn();
      const events = await c.deskStream(cookie, "/api/chats/events");
      await events.until((s) => s.of("ready").length === 1);
      const session = await c.startChat();
      await events.until(
        (s) => s.of<ChatSummary>("summary").some((x) => x.id === session.conversationId),
        5000,
        "the new chat's summary",
      );

      const mine = await c.visitorStream(session);
      const theirs = await c.deskStream(cookie, `/api/chats/${session.conversationId}/stream`);
      expect(mine.headers?.get("content-type")).toMatch(/^text\/event-stream/);
      expect(mine.headers?.get("access-control-allow-origin")).toBe(ORIGIN);
      expect(mine.headers?.get("x-accel-buffering")).toBe("no");
      await mine.until((s) => s.of("message").length === 1);
      await theirs.until((s) => s.of("message").length === 1);

      expect((await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/take`)).status).toBe(204);
      await mine.until(
        (s) => s.of<ChatConversationState>("state").some((x) => x.takenBy === "Sam"),
        5000,
        "taken by Sam",
      );

      expect((await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/typing`)).status).toBe(204);
      await mine.until((s) => s.of("typing").length === 1);
      expect(theirs.of("typing")).toEqual([]);

      const reply = await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/messages`, {
        clientId: randomUUID(),
        body: "Yes, <b>we do</b>.",
      });
      expect(reply.status).toBe(201);
      for (let i = 0; i < 5; i++) expect((await c.say(session, `question ${i}`)).status).toBe(201);
      await mine.until((s) => s.of("message").length === 7, 5000, "seven messages for the visitor");
      await theirs.until((s) => s.of("message").length === 7, 5000, "seven messages for the desk");
      for (const s of [mine, theirs]) {
        expect(seqs(s.of<ChatMessage>("message"))).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(s.events.filter((e) => e.event === "message").map((e) => e.id)).toEqual([
          "1",
          "2",
          "3",
          "4",
          "5",
          "6",
          "7",
        ]);
      }
      // The visitor sees the member's first name; the text stays text.
      expect(mine.of<ChatMessage>("message")[1]).toMatchObject({
        author: "staff",
        authorName: "Sam",
        body: "Yes, <b>we do</b>.",
      });

      // Read marks travel as state.
      expect((await c.post("/chat/read", { ...session, seq: 2 })).status).toBe(204);
      await theirs.until((s) => s.of<ChatConversationState>("state").some((x) => x.visitorReadSeq === 2));
      expect(
        (await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/read`, { seq: 7 })).status,
      ).toBe(204);
      const list = (await c.desk(cookie, "GET", "/api/chats")).body as unknown as ChatList;
      expect(list.conversations[0]).toMatchObject({ unread: 0, takenBy: { name: "Sam Seller" } });
    },
  );

  it.skipIf(skip)(
    "replays exactly what a reconnecting client missed (Last-Event-ID, or ?after=)",
    async () => {
      await c.start();
      const session = await c.startChat();
      const first = await c.visitorStream(session);
      await first.until((s) => s.of("message").length === 1);
      expect(first.lastEventId()).toBe("1");
      first.close();
      for (let i = 2; i <= 4; i++) await c.say(session, `while away ${i}`);
      const again = await c.visitorStream(session, { lastEventId: "1" });
      await again.until((s) => s.of("message").length === 3);
      await c.say(session, "live again");
      await again.until((s) => s.of("message").length === 4);
      expect(seqs(again.of("message"))).toEqual([2, 3, 4, 5]);
      const fresh = await c.visitorStream(session, { after: 3 });
      await fresh.until((s) => s.of("message").length === 2);
      expect(seqs(fresh.of("message"))).toEqual([4, 5]);
    },
  );

  it.skipIf(skip)("stores a retried message once (same clientId) and answers the retry with it", async () => {
    await c.start();
    const session = await c.startChat();
    const id = randomUUID();
    const a = await c.say(session, "Only once, please.", id);
    const b = await c.say(session, "Only once, please.", id);
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body!.message).toEqual(a.body!.message);
    const [lead] = await listLeads(c.d.db, { kind: "chat", withWork: true });
    expect(lead!.transcript!.map((m) => m.body)).toEqual([visitor().body, "Only once, please."]);
  });

  it.skipIf(skip)(
    "refuses a wrong or expired token, a foreign origin and bad bodies, storing nothing",
    async () => {
      await c.start();
      const session = await c.startChat();
      const wrong = { ...session, token: "A".repeat(43) };
      expect((await c.say(wrong, "hello")).status).toBe(403);
      expect((await c.visitorStream(wrong)).status).toBe(403);
      expect(
        (await c.post("/chat/conversations", visitor(), { origin: "https://evil.example" })).status,
      ).toBe(403);
      const tooLong = await c.say(session, "x".repeat(5001));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({
        error: "validation_failed",
        fields: { body: [expect.stringMatching(/at most 5000/)] },
      });
      expect((await c.say(session, "   ")).status).toBe(400);
      expect((await c.say(session, "bell \u0007")).status).toBe(400);
      expect((await c.post("/chat/conversations", visitor({ consent: false }))).status).toBe(400);
      expect((await c.post("/chat/conversations", visitor({ email: "not-an-address" }))).status).toBe(400);
      const [lead] = await listLeads(c.d.db, { kind: "chat", withWork: true });
      expect(lead!.transcript).toHaveLength(1);
      // 24 h after the visitor's last message the token is dead.
      c.d.clock.advance(24 * 60 * 60 * 1000);
      expect((await c.say(session, "still there?")).status).toBe(403);
      expect((await c.post("/chat/conversations", visitor(), { "content-type": "text/plain" })).status).toBe(
        415,
      );
    },
  );

  it.skipIf(skip)(
    "takes a filled honeypot as spam: the same 201, a spam lead, nothing shown in Chats",
    async () => {
      await c.start();
      const session = await c.startChat({ website: "http://spam.example" });
      expect(session.token).toHaveLength(43);
      const [lead] = await listLeads(c.d.db, { kind: "chat", spam: "only" });
      expect(lead).toMatchObject({ spam: true, deliveries: [] });
      const { cookie } = await c.d.signIn();
      expect(((await c.desk(cookie, "GET", "/api/chats")).body as unknown as ChatList).conversations).toEqual(
        [],
      );
    },
  );

  it.skipIf(skip)(
    "limits new conversations per client per hour and messages per minute, with 429 and Retry-After",
    async () => {
      await c.start({ CHAT_CONVERSATIONS_PER_HOUR: "2", CHAT_MESSAGES_PER_MINUTE: "3" });
      const session = await c.startChat();
      await c.startChat();
      const third = await c.post("/chat/conversations", visitor());
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ error: "rate_limited" });
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(60);
      for (let i = 0; i < 3; i++) expect((await c.say(session, `m${i}`)).status).toBe(201);
      const over = await c.say(session, "one too many");
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    },
  );

  it.skipIf(skip)(
    "says someone answers now only in office hours with a member available and present",
    async () => {
      await c.start();
      const status = async () =>
        (await fetch(`${c.contactBase}/chat/status`, { headers: { origin: ORIGIN } })).json();
      expect(await status()).toEqual({ online: false, officeHours: true });
      const { cookie } = await c.d.signIn();
      expect((await c.desk(cookie, "PUT", "/api/chats/availability", { available: true })).status).toBe(200);
      expect(await status()).toEqual({ online: true, officeHours: true });
      // Present while the desk beats; a minute without it, not any more.
      c.d.clock.advance(61_000);
      expect(await status()).toEqual({ online: false, officeHours: true });
      expect((await c.desk(cookie, "PUT", "/api/chats/availability", { available: true })).status).toBe(200);
      c.d.clock.set(WEEKEND_TIME);
      expect(await status()).toEqual({ online: false, officeHours: false });
    },
  );

  it.skipIf(skip)("answers another method with 405 and Allow", async () => {
    await c.start();
    const res = await fetch(`${c.contactBase}/chat/messages`, { method: "GET" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it.skipIf(skip)("has no chat routes when LIVE_CHAT is off", async () => {
    await c.start({ LIVE_CHAT: "off" });
    expect((await c.post("/chat/conversations", visitor())).status).toBe(404);
    expect((await fetch(`${c.contactBase}/chat/status`)).status).toBe(404);
  });
});
