// Body limits that agree with the contracts (issue 33, item 7): each route's limit is derived from its
// body schema (body-limit.ts), so the largest valid body is taken, whatever a sender's encoder does
// with it, and only a larger one gets 413. The chat message of 5,000 four-byte characters was the case.
import { CHAT_MESSAGE_MAX } from "@site/contracts/chat";
import type { RouteOptions } from "fastify";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { useChat } from "../../../test/chat-helpers";
import { testConfig } from "../../../test/helpers";
import { bodyLimitOf, OPEN_VALUE_BYTES } from "./body-limit";
import { patternMaxLength } from "./pattern-length";

/** The public fields the contracts leave without an upper bound, each given OPEN_VALUE_BYTES. */
// The proof of work's solution (.altcha) is judged by the service, whatever it holds; a real one is
// about 600 bytes of base64.
const OPEN_FIELDS: Record<string, string[]> = {
  "/contact": [".website", ".altcha"],
  "/quotation": [".website", ".altcha"],
  "/chat/conversations": [".website", ".altcha"],
  // An ISO time takes any number of fraction digits.
  "/consultation": [".start", ".website", ".altcha"],
  "/consultation/reschedule": [".start"],
};

describe("body limits from the contracts", () => {
  const c = useChat("sqlite");

  it("bounds a pattern by the longest string it matches in whole", () => {
    expect(patternMaxLength("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")).toBe(36);
    expect(patternMaxLength("^[A-Za-z0-9_-]{20,120}\\.[A-Za-z0-9_-]{43}$")).toBe(164);
    expect(patternMaxLength("^([01]\\d|2[0-3]):(00|15|30|45)$|^24:00$")).toBe(5);
    expect(patternMaxLength("^\\d+$")).toBeUndefined();
    expect(patternMaxLength("^abc")).toBeUndefined();
    expect(patternMaxLength("abc$")).toBeUndefined();
    expect(patternMaxLength("^(a)\\1$")).toBeUndefined();
  });

  it("measures the largest JSON of a valid body: escaped strings, numbers, arrays, options", () => {
    const schema = z.object({
      s: z.string().max(10),
      n: z.number(),
      list: z.array(z.enum(["a", "bb"])).max(3),
      either: z.union([z.literal(true), z.string().max(2)]),
      maybe: z.string().max(1).optional(),
    });
    // {"s":…,"n":…,"list":…,"either":…,"maybe":…} with 1 KB of room for whitespace.
    const strings = 2 + 6 * 10 + (2 + 3 * (2 + 6 * 2 + 1)) + (2 + 6 * 2) + (2 + 6);
    // A key may be escaped too: 2 + 6 a character, its colon and a comma.
    const keys = ["s", "n", "list", "either", "maybe"].reduce((sum, k) => sum + 2 + 6 * k.length + 2, 0);
    expect(bodyLimitOf(schema)).toEqual({ bytes: 2 + keys + strings + 24 + 1024, open: [] });
    expect(bodyLimitOf(z.object({ any: z.unknown(), d: z.string().regex(/^\d+$/) }))).toEqual({
      bytes: expect.any(Number),
      open: [".any", ".d"],
    });
    expect(bodyLimitOf(z.object({ any: z.unknown() })).bytes).toBe(
      2 + (2 + 6 * 3 + 2) + OPEN_VALUE_BYTES + 1024,
    );
  });

  it("gives every route with a body schema its contract's limit, and leaves open only the known fields", async () => {
    const seen: { role: string; route: RouteOptions }[] = [];
    for (const role of ["contact", "quotation", "desk"] as const) {
      const app = await buildApp(role, {
        config: testConfig({ LIVE_CHAT: "on" }),
        database: c.d.database,
        onRoute: (route) => seen.push({ role, route }),
      });
      await app.ready();
      await app.close();
    }
    const withSchema = seen.filter(({ route }) => route.schema?.body instanceof z.ZodType);
    expect(withSchema.length).toBeGreaterThan(20);
    for (const { role, route } of withSchema) {
      const { bytes, open } = bodyLimitOf(route.schema!.body as z.ZodType);
      expect(route.bodyLimit, `${role} ${route.method} ${route.url}`).toBe(bytes);
      if (role !== "desk") expect(open, `${route.method} ${route.url}`).toEqual(OPEN_FIELDS[route.url] ?? []);
    }
  });

  it("takes a chat message of 5,000 four-byte characters, to start and to send, however it is encoded", async () => {
    await c.start();
    const longest = "🦄".repeat(CHAT_MESSAGE_MAX);
    expect(Buffer.byteLength(JSON.stringify({ body: longest }))).toBeGreaterThan(16 * 1024);
    const session = await c.startChat({ body: longest });
    expect((await c.say(session, longest)).status).toBe(201);
    // Every character as a JSON escape (\ud83e\udd84): 60 KB, still the same valid message.
    const escaped = JSON.stringify({
      conversationId: session.conversationId,
      token: session.token,
      clientId: crypto.randomUUID(),
      body: "@",
    }).replace('"@"', `"${"\\ud83e\\udd84".repeat(CHAT_MESSAGE_MAX)}"`);
    const res = await fetch(`${c.contactBase}/chat/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: escaped,
    });
    expect(res.status).toBe(201);
    const stored = await c.d.db.selectFrom("chat_messages").select("body").execute();
    expect(stored.map((m) => m.body)).toEqual([longest, longest, longest]);
    // One character more is refused by the contract (400), and a body past the limit by its size (413).
    expect((await c.say(session, `${longest}🦄`)).status).toBe(400);
    expect((await c.say(session, "x".repeat(70 * 1024))).status).toBe(413);
  });
});
