import { describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX, chatSendSchema, chatStartSchema } from "./chat";
import { LIMITS } from "./lead";

const start = {
  name: "Grace Hopper",
  email: "grace@example.com",
  consent: true,
  body: "Hello",
  clientId: "01990000-0000-7000-8000-000000000000",
  secret: "B".repeat(43),
};

describe("live chat contracts", () => {
  it("bounds a message as the contact form bounds its message", () => {
    expect(CHAT_MESSAGE_MAX).toBe(LIMITS.message);
    const send = (body: string) =>
      chatSendSchema.safeParse({
        conversationId: start.clientId,
        token: "A".repeat(43),
        clientId: start.clientId,
        body,
      });
    expect(send("🦄".repeat(CHAT_MESSAGE_MAX)).success).toBe(true);
    expect(send("x".repeat(CHAT_MESSAGE_MAX + 1)).success).toBe(false);
    expect(send("  ").success).toBe(false);
    expect(send("bell \u0007").success).toBe(false);
    expect(send("two\nlines").success).toBe(true);
  });

  it("needs consent, a name on one line and an address; the honeypot becomes a flag", () => {
    expect(chatStartSchema.parse(start)).toMatchObject({ website: false });
    expect(chatStartSchema.parse({ ...start, website: "x" })).toMatchObject({ website: true });
    expect(chatStartSchema.safeParse({ ...start, consent: false }).success).toBe(false);
    expect(chatStartSchema.safeParse({ ...start, name: "Grace\nHopper" }).success).toBe(false);
    expect(chatStartSchema.safeParse({ ...start, email: "grace" }).success).toBe(false);
    expect(chatStartSchema.safeParse({ ...start, page: "https://evil.example/" }).success).toBe(false);
  });
});
