import type { ChatSession, ChatStatus } from "@site/contracts/chat";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { chatReplyChannel } from "./reply-mail";
import { listAudit } from "../records/audit";
import { eraseByEmail, exportByEmail, purgeExpired } from "../privacy/data-rights";
import { emailChannel } from "../records/outbox/delivery-channel";
import { leadsToCsv } from "../records/lead-csv";
import { createSmtpMailer } from "../platform/mail/mailer";
import { OutboxWorker } from "../records/outbox/outbox-worker";
import { useChat, WEEKEND_TIME } from "../../test/chat-helpers";
import { BACKENDS, ORIGIN } from "../../test/helpers";
import { createSmtpPeer, type SmtpPeer } from "../../test/smtp-peer";

const SITE = "https://www.example.com";
const settings = { notifyTo: "sales@example.com", mailFrom: "Website <no-reply@example.com>" };
const silent = { info() {}, warn() {}, error() {} } as never;

describe.each(BACKENDS)("live chat outside office hours, by e-mail ($backend)", ({ backend, skip }) => {
  const c = useChat(backend);
  let peer: SmtpPeer | undefined;
  afterEach(async () => {
    await peer?.stop();
    peer = undefined;
  });

  async function worker() {
    peer = await createSmtpPeer();
    await peer.start();
    const mailer = createSmtpMailer(peer.url);
    return new OutboxWorker({
      database: c.d.database,
      channels: {
        email: emailChannel(mailer, settings),
        "chat-reply": chatReplyChannel({
          db: c.d.db,
          mailer,
          settings,
          siteUrl: SITE,
          now: () => c.d.clock.now(),
        }),
      },
      logger: silent,
      clock: c.d.clock,
      random: () => 0.5,
    });
  }

  it.skipIf(skip)(
    "a Saturday chat becomes a lead, the reply goes by e-mail with a working signed link, a changed link gets 403",
    async () => {
      await c.start({ CHAT_REPLY_MAIL_AFTER_MS: "60000" }, WEEKEND_TIME);
      const status = (await (
        await fetch(`${c.contactBase}/chat/status`, { headers: { origin: ORIGIN } })
      ).json()) as ChatStatus;
      expect(status).toEqual({ online: false, officeHours: false });
      const session = (await c.startChat({
        body: "Can <script>alert(1)</script> you call me Monday?",
      })) as ChatSession;
      expect(session.online).toBe(false);
      const w = await worker();

      // The company hears of the new lead at once, every value escaped.
      expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
      const notice = peer!.mails[0]!;
      expect(notice.headers.subject).toBe("New chat conversation from Grace Hopper");
      expect(notice.html).toContain("Can &lt;script&gt;alert(1)&lt;/script&gt; you call me Monday?");
      expect(notice.html).not.toContain("<script>");

      // Monday: a member answers; the visitor has left (never reads it).
      c.d.clock.set(new Date("2026-01-12T09:30:00.000Z"));
      const { cookie } = await c.d.signIn();
      for (const body of ["Good morning Grace.", "Yes: <b>10:00</b> suits us."]) {
        const r = await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/messages`, {
          clientId: randomUUID(),
          body,
        });
        expect(r.status).toBe(201);
      }
      // Not before CHAT_REPLY_MAIL_AFTER_MS.
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
      c.d.clock.advance(60_000);
      expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
      const reply = peer!.mails[1]!;
      expect(reply.envelope.to).toEqual(["grace@example.com"]);
      expect(reply.headers.subject).toBe("Our reply to your chat");
      expect(reply.text).toContain("Good morning Grace.");
      expect(reply.text).toContain("Yes: <b>10:00</b> suits us.");
      expect(reply.html).toContain("Yes: &lt;b&gt;10:00&lt;/b&gt; suits us.");
      const link = /https:\/\/www\.example\.com\/#chat=(\S+)/.exec(reply.text)?.[1];
      expect(link).toBeDefined();
      expect(reply.html).toContain(`${SITE}/#chat=${link}`);

      // The link reopens the conversation with a new token; the old one still works until it runs out.
      const resumed = await c.post("/chat/resume", { link });
      expect(resumed.status).toBe(200);
      const again = resumed.body as unknown as ChatSession;
      expect(again.conversationId).toBe(session.conversationId);
      expect((await c.say(again, "Thank you, Monday at 10 then.")).status).toBe(201);
      // A changed link: another MAC, another expiry, another conversation, or garbage.
      const [id, expires, mac] = link!.split(".");
      const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
      for (const changed of [
        `${id}.${expires}.${flip(mac!)}`,
        `${id}.${Number(expires) + 1}.${mac}`,
        `${randomUUID()}.${expires}.${mac}`,
        "nonsense",
      ]) {
        expect((await c.post("/chat/resume", { link: changed })).status, changed).toBe(403);
      }
      // Run out after 30 days.
      c.d.clock.advance(31 * 24 * 60 * 60 * 1000);
      expect((await c.post("/chat/resume", { link })).status).toBe(403);

      // Nothing mailed twice: the next pass finds nothing unread and unmailed.
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(peer!.mails).toHaveLength(2);
    },
  );

  it.skipIf(skip)("mails nothing the visitor has read in the panel", async () => {
    await c.start({ CHAT_REPLY_MAIL_AFTER_MS: "60000" });
    const session = await c.startChat();
    const w = await worker();
    await w.runOnce();
    const { cookie } = await c.d.signIn();
    await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/messages`, {
      clientId: randomUUID(),
      body: "Hello!",
    });
    expect((await c.post("/chat/read", { ...session, seq: 2 })).status).toBe(204);
    c.d.clock.advance(60_000);
    await w.runOnce();
    expect(peer!.mails.map((m) => m.headers.subject)).toEqual(["New chat conversation from Grace Hopper"]);
  });

  it.skipIf(skip)(
    "keeps transcripts in the export, erases them with the person, purges them, audits the desk",
    async () => {
      await c.start();
      const session = await c.startChat();
      const { cookie, staff } = await c.d.signIn();
      await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/take`);
      c.d.clock.advance(1000);
      await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/messages`, {
        clientId: randomUUID(),
        body: "On it.",
      });
      await c.desk(cookie, "POST", `/api/chats/${session.conversationId}/close`);
      const actor = { actorType: "cli" as const, actor: "test" };

      const [lead] = await exportByEmail(c.d.database, {
        email: "GRACE@example.com ",
        format: "json",
        now: c.d.clock.now(),
        actor,
      });
      expect(lead!.transcript!.map((m) => [m.author, m.name, m.body])).toEqual([
        ["visitor", null, "Do you build ERP integrations for small firms?"],
        ["staff", "Sam Seller", "On it."],
      ]);
      const csv = leadsToCsv([lead!]);
      expect(csv.split("\r\n")[0]).toMatch(/,transcript$/);
      expect(csv).toContain("Sam Seller: On it.");
      const audit = await listAudit(c.d.db);
      expect(
        audit.filter((a) => a.action.startsWith("chat.")).map((a) => [a.action, a.actor, a.leadIds]),
      ).toEqual([
        ["chat.take", staff.id, [session.conversationId]],
        ["chat.close", staff.id, [session.conversationId]],
      ]);
      expect(JSON.stringify(audit)).not.toContain("grace@example.com");

      // Retention counts from the last message: 24 months later (a day more) the purge removes it all.
      c.d.clock.advance((2 * 365 + 2) * 24 * 60 * 60 * 1000);
      const purged = await purgeExpired(c.d.database, {
        retention: {
          enquiryMonths: 24,
          spamDays: 30,
          serverLogDays: 30,
          applicationMonths: 6,
          vitalsDays: 90,
        },
        now: c.d.clock.now(),
        actor,
      });
      expect(purged.leadIds).toEqual([session.conversationId]);
      for (const table of ["chat_messages", "chat_conversations"] as const) {
        expect(await c.d.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }

      // Erasure, on a new conversation of the same person.
      const second = await c.startChat();
      await c.say(second, "One more thing.");
      const erased = await eraseByEmail(c.d.database, {
        email: "grace@example.com",
        now: c.d.clock.now(),
        actor,
      });
      expect(erased.leadIds).toEqual([second.conversationId]);
      for (const table of ["chat_messages", "chat_conversations"] as const) {
        expect(await c.d.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
      expect((await c.say(second, "Are you there?")).status).toBe(403);
    },
  );
});
