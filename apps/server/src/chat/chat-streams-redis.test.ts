/**
 * The chat streams' bounds across instances: two instances of the contact service and the desk on
 * one database and one real redis-server. A stream ends on every instance, through the bus, when its
 * token is replaced, its conversation closed or erased (also by the leads command, a process of its
 * own); the stream counts are each instance's own (decision 0025). Skipped without redis-server,
 * except under CI=true.
 */
import type { ChatSession } from "@site/contracts/chat";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useChat, visitor } from "../../test/chat-helpers";
import { childEnv, serverDir } from "../../test/helpers";
import { REDIS_SERVER, type RedisServer, startRedis } from "../../test/redis-server";
import { redisChatBus } from "./chat-bus";
import { STREAMS_PER_CONVERSATION } from "./stream-registry";

const quiet = { warn: () => {}, info: () => {} };
const ends = (s: { of<T>(e: string): T[] }) => s.of<{ reason: string }>("end").map((e) => e.reason);

describe.skipIf(!REDIS_SERVER)("chat streams on two instances with Redis", () => {
  const c = useChat("sqlite");
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  /** Instances A (the helpers' own) and B, each with its own Redis connection, both listening. */
  async function twoInstances() {
    const env = { REDIS_URL: redis.url, CHAT_CONVERSATIONS_PER_HOUR: "10" };
    const a = await c.start(env, undefined, redisChatBus(redis.url, quiet));
    const b = await c.instance(env, redisChatBus(redis.url, quiet));
    await expect.poll(() => [a.bus.mode(), b.bus.mode()]).toEqual(["shared", "shared"]);
    return { a, b };
  }

  it("a token replaced on one instance ends the old token's stream on the other at once", async () => {
    const { b } = await twoInstances();
    const body = visitor();
    const session = (await c.post("/chat/conversations", body)).body as unknown as ChatSession;
    const onA = await c.visitorStream(session);
    await onA.until((s) => s.of("message").length === 1);
    // The owner's retry reaches B.
    const retried = await c.post("/chat/conversations", body, {}, b);
    expect(retried.status).toBe(200);
    await onA.until((s) => s.ended, 1_000, "the old token's stream's end on A");
    expect(ends(onA)).toEqual(["revoked"]);
    const fresh = await c.visitorStream(retried.body as unknown as ChatSession);
    await fresh.until((s) => s.of("message").length === 1);
  });

  it("closing on one instance's desk, or erasing there, ends the streams on the other", async () => {
    const { b } = await twoInstances();
    const [one, two] = [await c.startChat(), await c.startChat()];
    const { cookie } = await c.d.signIn();
    const [s1, s2] = [await c.visitorStream(one), await c.visitorStream(two)];
    const desk2 = await c.deskStream(cookie, `/api/chats/${two.conversationId}/stream`);
    await s2.until((s) => s.of("message").length === 1);
    await desk2.until((s) => s.of("message").length === 1);
    expect(
      (await c.desk(cookie, "POST", `/api/chats/${one.conversationId}/close`, undefined, b)).status,
    ).toBe(204);
    await s1.until((s) => s.ended, 1_000, "the closed conversation's stream on A");
    expect(ends(s1)).toEqual(["closed"]);
    expect(
      (await c.desk(cookie, "POST", `/api/leads/${two.conversationId}/erasure`, undefined, b)).status,
    ).toBe(200);
    await s2.until((s) => s.ended, 1_000, "the erased conversation's stream on A");
    await desk2.until((s) => s.ended, 1_000, "the erased conversation's desk stream on A");
    expect(ends(s2)).toEqual(["revoked"]);
  });

  it("`leads erase`, a process of its own, ends the streams on both instances through Redis", async () => {
    const { b } = await twoInstances();
    const session = await c.startChat({ email: "erase.me@example.com" });
    const [onA, onB] = [await c.visitorStream(session), await c.visitorStream(session, { at: b })];
    await onA.until((s) => s.of("message").length === 1);
    await onB.until((s) => s.of("message").length === 1);
    const r = spawnSync(
      process.execPath,
      [path.join(serverDir, "dist", "cli", "leads.js"), "erase", "--email", "erase.me@example.com", "--yes"],
      {
        env: childEnv({ DATABASE_URL: c.d.url, REDIS_URL: redis.url, LIVE_CHAT: "on", LOG_LEVEL: "silent" }),
        encoding: "utf8",
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("Erased 1 lead.");
    // At once: the heartbeat (15 s) is far off.
    await onA.until((s) => s.ended, 1_000, "A's stream's end");
    await onB.until((s) => s.ended, 1_000, "B's stream's end");
    expect([ends(onA), ends(onB)]).toEqual([["revoked"], ["revoked"]]);
  });

  it(`counts each instance's streams on its own: ${STREAMS_PER_CONVERSATION} of a conversation on each`, async () => {
    const { b } = await twoInstances();
    const session = await c.startChat();
    const statuses = [];
    for (let i = 0; i <= STREAMS_PER_CONVERSATION; i++)
      statuses.push((await c.visitorStream(session)).status);
    for (let i = 0; i <= STREAMS_PER_CONVERSATION; i++)
      statuses.push((await c.visitorStream(session, { at: b })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 200, 200, 200, 429]);
  });
});
