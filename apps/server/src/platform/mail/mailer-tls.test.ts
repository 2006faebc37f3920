import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config/config";
import { createSmtpMailer, isLoopbackHost, mustStartTls } from "./mailer";
import { createSmtpPeer, type SmtpPeer } from "../../../test/smtp-peer";

// SMTP_REQUIRE_TLS: the mailer refuses a server that does not offer STARTTLS (or a conversation
// stripped of it), so the SMTP password and the lead never cross the network in clear.

const mail = {
  from: "Website <no-reply@example.com>",
  to: "sales@example.com",
  replyTo: { name: "Ada", address: "ada@example.com" },
  subject: "New contact message from Ada",
  messageId: "<lead-1@example.com>",
  text: "Hello",
  html: "<p>Hello</p>",
  headers: {},
};

describe("SMTP over TLS", () => {
  let peer: SmtpPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });

  it("refuses to send when TLS is required and the server does not offer STARTTLS", async () => {
    peer = await createSmtpPeer({ starttls: false });
    await peer.start();
    const mailer = createSmtpMailer(peer.url, { requireTls: true });
    try {
      await expect(mailer.send(mail)).rejects.toThrow(/STARTTLS|TLS/i);
    } finally {
      mailer.close();
    }
    expect(peer.mails).toHaveLength(0);
  });

  it("sends over STARTTLS when the server offers it", async () => {
    peer = await createSmtpPeer({ starttls: true });
    await peer.start();
    // The peer's certificate is smtp-server's self-signed one.
    const mailer = createSmtpMailer(`${peer.url}?tls_reject_unauthorized=false`, { requireTls: true });
    try {
      await mailer.send(mail);
    } finally {
      mailer.close();
    }
    expect(peer.mails.map((m) => [m.headers["message-id"], m.secure])).toEqual([
      ["<lead-1@example.com>", true],
    ]);
  });

  it("requires TLS by default except on loopback; smtps:// is TLS already; SMTP_REQUIRE_TLS=false opts out", () => {
    expect(mustStartTls("smtp://u:p@mail.example.com:587")).toBe(true);
    expect(mustStartTls("smtp://10.0.0.5:25")).toBe(true);
    expect(mustStartTls("smtp://127.0.0.1:2525")).toBe(false);
    expect(mustStartTls("smtp://localhost:2525")).toBe(false);
    expect(mustStartTls("smtp://[::1]:2525")).toBe(false);
    expect(mustStartTls("smtp://127.0.0.1:2525", true)).toBe(true);
    expect(mustStartTls("smtp://mail.example.com:587", false)).toBe(false);
    expect(mustStartTls("smtps://mail.example.com:465", true)).toBe(false);
    expect(isLoopbackHost("127.10.20.30")).toBe(true);
    expect(isLoopbackHost("localhost.example.com")).toBe(false);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);

    expect(loadConfig({}).SMTP_REQUIRE_TLS).toBeUndefined();
    expect(loadConfig({ SMTP_REQUIRE_TLS: "false" }).SMTP_REQUIRE_TLS).toBe(false);
    expect(loadConfig({ SMTP_REQUIRE_TLS: "true" }).SMTP_REQUIRE_TLS).toBe(true);
    expect(() => loadConfig({ SMTP_REQUIRE_TLS: "no" })).toThrow(/SMTP_REQUIRE_TLS/);
  });
});
