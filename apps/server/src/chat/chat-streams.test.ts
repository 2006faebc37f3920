// The chat streams' bounds (issue 33, item 3; decision 0025), each through the real routes, a real
// SQLite file and real sockets: how many may be open, what a new one replays, a client that does not
// read, the token checked on every heartbeat, and the streams that end when their token is replaced or
// their conversation is closed or erased.
import type { ChatConversationState, ChatMessage, ChatSession } from "@site/contracts/chat";
import { CHAT_HISTORY_PAGE, CHAT_REPLAY_MAX } from "@site/contracts/chat";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { useChat, visitor } from "../../test/chat-helpers";
import { connectRaw } from "../../test/raw-socket";
import { signLink } from "./chat-links";
import { addMessage } from "./chat-store";
import { STREAMS_PER_CLIENT, STREAMS_PER_CONVERSATION } from "./stream-registry";

const seqs = (messages: ChatMessage[]) => messages.map((m) => m.seq);
const ends = (s: { of<T>(e: string): T[] }) => s.of<{ reason: string }>("end").map((e) => e.reason);

describe("chat streams are bounded", () => {
  const c = useChat("sqlite");

  /** Stores `n` visitor messages after the first (seq 2 … n + 1), straight into the store. */
  async function seed(session: ChatSession, n: number) {
    for (let i = 0; i < n; i++) {
      await addMessage(c.d.db, {
        conversationId: session.conversationId,
        author: "visitor",
        body: `message ${i + 2}`,
        clientId: randomUUID(),
        now: c.d.clock.now(),
      });
    }
  }

  /** The contact service's open connections (each stream holds one). */
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      c.contactApp.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
    );

  /** A client that sends the stream's request and never reads a byte of the answer. */
  async function silentStream(session: ChatSession) {
    const q = new URLSearchParams({ conversation: session.conversationId, token: session.token });
    const raw = await connectRaw(Number(new URL(c.contactBase).port));
    raw.socket.pause();
    raw.write(`GET /chat/stream?${q} HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n`);
    return raw;
  }

  it(`opens at most ${STREAMS_PER_CONVERSATION} streams of a conversation and ${STREAMS_PER_CLIENT} per client; a panel's reconnection replaces its own`, async () => {
    await c.start({ CHAT_CONVERSATIONS_PER_HOUR: "10" });
    const first = await c.startChat();
    const open = [];
    for (let i = 0; i < STREAMS_PER_CONVERSATION; i++)
      open.push(await c.visitorStream(first, { key: `tab${i}` }));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await c.visitorStream(first, { key: "tab9" });
    expect(refused.status).toBe(429);
    expect(refused.headers?.get("retry-after")).toBe("15");
    expect(JSON.parse(refused.refusal)).toEqual({ error: "too_many_streams", message: expect.any(String) });
    // The first tab's EventSource comes back (its old stream not yet seen to be gone): it replaces it.
    const again = await c.visitorStream(first, { key: "tab0" });
    expect(again.status).toBe(200);
    await open[0]!.until((s) => s.ended, 5_000, "the replaced stream's end");
    await again.until((s) => s.of("state").length === 1);

    // Other conversations from the same client: 3 + 3 + 3 + 1 = 10, then no more.
    const others = [await c.startChat(), await c.startChat(), await c.startChat()];
    const more = [];
    for (const session of others) {
      for (let i = 0; i < STREAMS_PER_CONVERSATION; i++) {
        if (3 + more.length < STREAMS_PER_CLIENT) more.push(await c.visitorStream(session));
      }
    }
    expect(more.map((s) => s.status)).toEqual(Array(STREAMS_PER_CLIENT - 3).fill(200));
    const eleventh = await c.visitorStream(others[2]!);
    expect(eleventh.status).toBe(429);
    expect(JSON.parse(eleventh.refusal).message).toMatch(/your network/);
    // A stream that ends frees its place.
    more[0]!.close();
    await sleep(200);
    expect((await c.visitorStream(others[2]!)).status).toBe(200);
  });

  it(`replays at most the last ${CHAT_REPLAY_MAX} messages; /chat/history gives the earlier ones`, async () => {
    await c.start();
    const session = await c.startChat();
    await seed(session, 259);
    const stream = await c.visitorStream(session);
    await stream.until((s) => s.of("message").length === CHAT_REPLAY_MAX, 10_000, "the replay");
    await sleep(100);
    expect(seqs(stream.of<ChatMessage>("message"))).toEqual(
      Array.from({ length: CHAT_REPLAY_MAX }, (_, i) => 61 + i),
    );
    // A reconnection that missed more than that gets the latest too.
    const back = await c.visitorStream(session, { lastEventId: "5" });
    await back.until((s) => s.of("message").length === CHAT_REPLAY_MAX, 10_000, "the replay");
    expect(back.of<ChatMessage>("message")[0]!.seq).toBe(61);

    const history = async (before: number) =>
      (await c.post("/chat/history", { ...session, before })).body as { messages: ChatMessage[] };
    expect(seqs((await history(61)).messages)).toEqual(
      Array.from({ length: CHAT_HISTORY_PAGE }, (_, i) => 11 + i),
    );
    expect(seqs((await history(11)).messages)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await history(1)).messages).toEqual([]);
    expect((await c.post("/chat/history", { ...session, token: "A".repeat(43), before: 61 })).status).toBe(
      403,
    );
    expect((await c.post("/chat/history", { ...session, before: 0 })).status).toBe(400);
  });

  it("resets a stream whose client leaves more than 256 KB unsent; one that reads keeps up", async () => {
    await c.start();
    const session = await c.startChat();
    const reading = await c.visitorStream(session);
    await reading.until((s) => s.of("message").length === 1);
    const before = await connections();
    const raw = await silentStream(session);
    await expect.poll(connections).toBe(before + 1);
    await sleep(300);
    // Messages of 20 KB (5,000 four-byte characters), one every 2 ms, as live events of the bus: the
    // kernel's buffers take the first megabytes for the client that never reads, then the server
    // keeps the rest, until 256 KB. The client that reads takes them as they come.
    const body = "🦄".repeat(5_000);
    let seq = 1;
    while ((await connections()) > before && seq < 5_000) {
      seq++;
      const message = {
        id: randomUUID(),
        seq,
        author: "staff" as const,
        authorName: "Sam",
        body,
        clientId: null,
        createdAt: new Date().toISOString(),
      };
      c.bus.publish({ type: "message", conversationId: session.conversationId, message });
      await sleep(2);
    }
    expect(await connections()).toBe(before);
    const megabytes = ((seq - 1) * 20_000) / 1024 / 1024;
    console.info(`a client that never reads was reset after ${megabytes.toFixed(1)} MB of messages`);
    await reading.until((s) => s.of("message").length === seq, 10_000, "every message");
    expect(reading.ended).toBe(false);
    // The silent client finds its connection reset, never having had the last message.
    raw.socket.resume();
    await raw.closed;
    expect(raw.received()).not.toContain(`id: ${seq}\n`);
  });

  it("ends a visitor's stream within SOCKET_TIMEOUT_MS: an EventSource comes back, a client that never reads is reset", async () => {
    // SOCKET_TIMEOUT_MS 4 s: a heartbeat every second, the stream's end at 3 s, its grace 1 s.
    await c.start({ SOCKET_TIMEOUT_MS: "4000" });
    const session = await c.startChat();
    const before = await connections();
    const started = Date.now();
    const reading = await c.visitorStream(session);
    const silent = await silentStream(session);
    await expect.poll(connections).toBe(before + 2);
    await reading.until((s) => s.ended, 6_000, "the planned end");
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    // Planned: no `end` event (the EventSource comes back at once, `retry: 100`).
    expect(ends(reading)).toEqual([]);
    await expect.poll(connections, { timeout: 6_000 }).toBe(before);
    expect(Date.now() - started).toBeLessThan(4_000 + 700);
    silent.socket.resume();
    await silent.closed;
  });

  it("checks the token on every heartbeat: one that has run out ends the stream", async () => {
    // SOCKET_TIMEOUT_MS 8 s: a heartbeat every 2 s, the planned end at 6 s.
    await c.start({ SOCKET_TIMEOUT_MS: "8000" });
    const session = await c.startChat();
    const stream = await c.visitorStream(session);
    await stream.until((s) => s.of("message").length === 1);
    const at = Date.now();
    c.d.clock.advance(24 * 60 * 60 * 1000 + 1);
    await stream.until((s) => s.ended, 5_000, "the stream's end");
    expect(ends(stream)).toEqual(["revoked"]);
    expect(Date.now() - at).toBeLessThan(2_000 + 1_000);
  });

  it("ends the old token's streams at once when a reply's link or a proven retry replaces it", async () => {
    await c.start();
    const body = visitor();
    const first = await c.post("/chat/conversations", body);
    const session = first.body as unknown as ChatSession;
    const stream = await c.visitorStream(session);
    await stream.until((s) => s.of("message").length === 1);
    // The same start again (its answer was lost): the same secret, a new token; the old one's stream ends.
    const retried = await c.post("/chat/conversations", body);
    expect(retried.status).toBe(200);
    await stream.until((s) => s.ended, 1_000, "the old token's end");
    expect(ends(stream)).toEqual(["revoked"]);

    const current = retried.body as unknown as ChatSession;
    const second = await c.visitorStream(current);
    await second.until((s) => s.of("message").length === 1);
    const row = await c.d.db
      .selectFrom("chat_conversations")
      .select("link_key")
      .where("lead_id", "=", session.conversationId)
      .executeTakeFirstOrThrow();
    const resumed = await c.post("/chat/resume", {
      link: signLink(session.conversationId, row.link_key, c.d.clock.now()),
    });
    expect(resumed.status).toBe(200);
    await second.until((s) => s.ended, 1_000, "the replaced token's end");
    expect(ends(second)).toEqual(["revoked"]);
  });

  it("ends a visitor's streams when the conversation is closed; a new message opens it again", async () => {
    await c.start();
    const session = await c.startChat();
    const { cookie } = await c.d.signIn();
    const stream = await c.visitorStream(session);
    const desk = await c.deskStream(cookie, `/api/chats/${session.conversationId}/stream`);
    await stream.until((s) => s.of("message").length === 1);
    expect((await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/close`)).status).toBe(204);
    await stream.until((s) => s.ended, 1_000, "the closed conversation's end");
    expect(stream.of<ChatConversationState>("state").at(-1)!.state).toBe("closed");
    expect(ends(stream)).toEqual(["closed"]);
    // A new stream of a closed conversation says so and ends; the desk's stays.
    const late = await c.visitorStream(session);
    await late.until((s) => s.ended, 1_000);
    expect(ends(late)).toEqual(["closed"]);
    expect(desk.ended).toBe(false);
    expect((await c.say(session, "One more question")).status).toBe(201);
    const reopened = await c.visitorStream(session);
    await reopened.until((s) => s.of("message").length === 2);
    await sleep(300);
    expect(reopened.ended).toBe(false);
  });

  it("ends an erased conversation's streams at once, the visitor's and the desk's", async () => {
    await c.start();
    const session = await c.startChat();
    const { cookie } = await c.d.signIn();
    const stream = await c.visitorStream(session);
    const desk = await c.deskStream(cookie, `/api/chats/${session.conversationId}/stream`);
    await stream.until((s) => s.of("message").length === 1);
    await desk.until((s) => s.of("message").length === 1);
    expect((await c.desk(cookie, "POST", `/api/leads/${session.conversationId}/erasure`)).status).toBe(200);
    await stream.until((s) => s.ended, 1_000, "the visitor's stream's end");
    await desk.until((s) => s.ended, 1_000, "the desk's stream's end");
    expect(ends(stream)).toEqual(["revoked"]);
    expect((await c.visitorStream(session)).status).toBe(403);
  });
});

describe("a retried start proves it is the same client", () => {
  const c = useChat("sqlite");

  it("gives the token only to a retry with the start's secret; the owner's token keeps working", async () => {
    await c.start({ CHAT_CONVERSATIONS_PER_HOUR: "10" });
    const body = visitor();
    const owner = (await c.post("/chat/conversations", body)).body as unknown as ChatSession;
    const stream = await c.visitorStream(owner);
    await stream.until((s) => s.of("message").length === 1);
    // Someone who read the first message's clientId (it is in every message event) and knows the address.
    for (const secret of [visitor().secret, "A".repeat(43)]) {
      const taken = await c.post("/chat/conversations", { ...body, secret });
      expect(taken.status).toBe(403);
      expect(taken.body).toEqual({ error: "forbidden", message: expect.any(String) });
    }
    expect((await c.say(owner, "Still mine?")).status).toBe(201);
    await stream.until((s) => s.of("message").length === 2);
    expect(stream.ended).toBe(false);
    // Without a secret the start is not valid at all.
    const { secret: _, ...bare } = body;
    expect((await c.post("/chat/conversations", bare)).status).toBe(400);
    const chats = await c.d.db.selectFrom("chat_conversations").select("lead_id").execute();
    expect(chats).toHaveLength(1);
    // The owner's own retry (its first answer lost) gets the conversation back.
    const again = await c.post("/chat/conversations", body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ conversationId: owner.conversationId, token: expect.any(String) });
    const stored = await c.d.db
      .selectFrom("chat_conversations")
      .select("start_secret_hash")
      .executeTakeFirstOrThrow();
    expect(stored.start_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.start_secret_hash).not.toContain(body.secret);
  });
});
