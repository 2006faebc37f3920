import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { ManualClock } from "../../platform/clock";
import { emailChannel } from "./delivery-channel";
import { readLeadNotice } from "./lead-notice";
import { getLead, listLeads } from "../lead-queries";
import { createSmtpMailer, escapeHtml, headerSafe, mailDomain } from "../../platform/mail/mailer";
import { buildLeadMail, leadMessageId } from "./lead-mail";
import { backoffDelay, DEFAULT_BACKOFF, OutboxWorker } from "./outbox-worker";
import {
  BACKENDS,
  json,
  openTestDatabase,
  type TestDatabase,
  testConfig,
  validContact,
  validQuotation,
} from "../../../test/helpers";
import { createSmtpPeer, type SmtpPeer } from "../../../test/smtp-peer";

const MAIL = { notifyTo: "sales@example.com", mailFrom: "Website <no-reply@leads.example.com>" };
const silent = { info() {}, warn() {}, error() {} };

describe("backoff", () => {
  it("doubles from 5 s, is capped at 15 min, and jitters within [d/2, d]", () => {
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 0)).toBe(2_500);
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 1)).toBe(5_000);
    expect(backoffDelay(2, DEFAULT_BACKOFF, () => 1)).toBe(10_000);
    expect(backoffDelay(4, DEFAULT_BACKOFF, () => 1)).toBe(40_000);
    expect(backoffDelay(50, DEFAULT_BACKOFF, () => 1)).toBe(15 * 60_000);
    expect(backoffDelay(50, DEFAULT_BACKOFF, () => 0)).toBe(7.5 * 60_000);
    const seen = new Set(Array.from({ length: 50 }, () => backoffDelay(3)));
    expect(seen.size).toBeGreaterThan(1);
    for (const d of seen) {
      expect(d).toBeGreaterThanOrEqual(10_000);
      expect(d).toBeLessThanOrEqual(20_000);
    }
  });
});

describe("mail content", () => {
  it("cleans header values and derives the Message-ID domain from MAIL_FROM", () => {
    expect(headerSafe("Ada\r\nBcc: evil@example.com")).toBe("Ada Bcc: evil@example.com");
    expect(headerSafe("x".repeat(300)).length).toBe(120);
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(mailDomain("Website <no-reply@Example.COM>")).toBe("example.com");
    expect(mailDomain("bare@example.net")).toBe("example.net");
    expect(mailDomain("nonsense")).toBe("localhost");
    expect(leadMessageId("abc", "x@example.org")).toBe("<lead-abc@example.org>");
  });
});

describe.each(BACKENDS)("outbox worker on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    let t: TestDatabase;
    let peer: SmtpPeer;
    let clock: ManualClock;
    let contact: FastifyInstance;
    let quotation: FastifyInstance;
    const workers: OutboxWorker[] = [];

    function worker(extra: Partial<ConstructorParameters<typeof OutboxWorker>[0]> = {}) {
      const w = new OutboxWorker({
        database: t.database,
        channels: { email: emailChannel(createSmtpMailer(peer.url), MAIL) },
        logger: silent,
        clock,
        random: () => 0.5,
        ...extra,
      });
      workers.push(w);
      return w;
    }
    async function submit(kind: "contact" | "quotation", payload: object): Promise<string> {
      const a = kind === "contact" ? contact : quotation;
      const res = await a.inject({ method: "POST", url: `/${kind}`, headers: json, payload });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string }>().id;
    }

    beforeAll(async () => {
      t = await openTestDatabase(backend);
    });
    afterAll(async () => t.cleanup());
    beforeEach(async () => {
      clock = new ManualClock();
      await t.database.db.deleteFrom("outbox").execute();
      await t.database.db.deleteFrom("idempotency_keys").execute();
      await t.database.db.deleteFrom("leads").execute();
      const config = testConfig({ RATE_LIMIT_PER_MINUTE: "1000" });
      contact = await buildApp("contact", { config, database: t.database, clock });
      quotation = await buildApp("quotation", { config, database: t.database, clock });
      peer = await createSmtpPeer();
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await contact.close();
      await quotation.close();
      await peer.stop();
    });

    it("sends one complete, escaped notification per real lead, and none for spam", async () => {
      await peer.start();
      const cId = await submit("contact", {
        ...validContact,
        name: `Ada <script>alert("x")</script> O'Neil & Co`,
        message: "Line one\n<b>bold?</b> & more",
      });
      const qId = await submit("quotation", validQuotation);
      await submit("contact", { ...validContact, website: "http://spam.example" });

      const result = await worker().runOnce();
      expect(result).toEqual({ sent: 2, failed: 0 });
      expect(peer.mails).toHaveLength(2);

      const c = peer.mails.find((m) => m.headers["message-id"] === `<lead-${cId}@leads.example.com>`)!;
      expect(c).toBeDefined();
      expect(c.envelope.to).toEqual(["sales@example.com"]);
      expect(c.envelope.from).toBe("no-reply@leads.example.com");
      expect(c.headers.to).toBe("sales@example.com");
      expect(c.headers.from).toBe("Website <no-reply@leads.example.com>");
      expect(c.headers["reply-to"]).toContain("<ada@example.com>");
      expect(c.headers.subject).toBe(`New contact message from Ada <script>alert("x")</script> O'Neil & Co`);
      expect(c.headers["x-lead-id"]).toBe(cId);
      expect(c.html).toContain("Ada &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; Co");
      expect(c.html).toContain("&lt;b&gt;bold?&lt;/b&gt; &amp; more");
      expect(c.html).not.toContain("<script>");
      expect(c.html).not.toContain("<b>bold");
      expect(c.text).toContain(`Name: Ada <script>alert("x")</script> O'Neil & Co`);
      expect(c.text).toContain("Phone: +44 20 7946 0000");
      expect(c.text).toContain("Line one\n<b>bold?</b> & more");

      const q = peer.mails.find((m) => m.headers["message-id"] === `<lead-${qId}@leads.example.com>`)!;
      expect(q.headers.subject).toBe("New quote request from Charles Babbage (ERP Consultation)");
      expect(q.headers["reply-to"]).toMatch(/Charles Babbage.*<charles@example\.com>/);
      expect(q.text).toContain("Service: ERP Consultation");
      expect(q.text).toContain("Company: Analytical Engines Ltd");
      expect(q.html).toContain("Forty users across two sites.");

      const leads = await listLeads(t.database.db, { spam: "include" });
      const states = Object.fromEntries(leads.map((l) => [l.id, l.notification.state]));
      expect(states[cId]).toBe("sent");
      expect(states[qId]).toBe("sent");
      expect(leads.find((l) => l.spam)?.notification.state).toBe("not-notified-spam");
      expect((await getLead(t.database.db, cId))?.notification).toMatchObject({
        attempts: 1,
        sentAt: clock.now().toISOString(),
        messageId: `<lead-${cId}@leads.example.com>`,
      });

      clock.advance(60 * 60_000);
      expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(peer.mails).toHaveLength(2);
    });

    it("retries with backoff while the SMTP peer is down; then every pending mail arrives exactly once", async () => {
      const ids = [
        await submit("contact", validContact),
        await submit("quotation", validQuotation),
        await submit("contact", { ...validContact, name: "Mary Somerville" }),
      ];
      const w = worker();
      const t0 = clock.now().getTime();

      expect(await w.runOnce()).toEqual({ sent: 0, failed: 3 });
      for (const id of ids) {
        const n = (await getLead(t.database.db, id))!.notification;
        expect(n.state).toBe("failed-retrying");
        expect(n.attempts).toBe(1);
        expect(n.lastError).toMatch(/ECONNREFUSED|connect/i);
        expect(n.nextAttemptAt).toBe(new Date(t0 + 3_750).toISOString()); // 5 s · (½ + ½·0.5)
      }
      // Not due yet: nothing is tried.
      clock.advance(3_000);
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
      clock.advance(750);
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 3 });
      const n2 = (await getLead(t.database.db, ids[0]!))!.notification;
      expect(n2.attempts).toBe(2);
      expect(n2.nextAttemptAt).toBe(new Date(clock.now().getTime() + 7_500).toISOString());

      // A restart: a new worker (new process) picks the state up from the table.
      await w.stop();
      await peer.start();
      const w2 = worker();
      expect(await w2.runOnce()).toEqual({ sent: 0, failed: 0 });
      clock.advance(7_500);
      expect(await w2.runOnce()).toEqual({ sent: 3, failed: 0 });
      clock.advance(24 * 60 * 60_000);
      expect(await w2.runOnce()).toEqual({ sent: 0, failed: 0 });

      expect(peer.mails.map((m) => m.headers["message-id"]).sort()).toEqual(
        ids.map((id) => `<lead-${id}@leads.example.com>`).sort(),
      );
      for (const id of ids) {
        const n = (await getLead(t.database.db, id))!.notification;
        expect(n).toMatchObject({ state: "sent", attempts: 3, lastError: null });
      }
    });

    it("two workers on one database never send the same lead twice", async () => {
      await peer.start();
      const ids: string[] = [];
      for (let i = 0; i < 12; i++)
        ids.push(await submit("contact", { ...validContact, name: `Visitor ${i}` }));
      const a = worker();
      const b = worker();
      const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(ra.sent + rb.sent).toBe(12);
      const got = peer.mails.map((m) => m.headers["x-lead-id"]);
      expect(got).toHaveLength(12);
      expect(new Set(got)).toEqual(new Set(ids));
    });

    it("runs by itself: woken at once by a new lead, polling otherwise, stopping cleanly", async () => {
      await peer.start();
      clock = new ManualClock(new Date()); // the loop uses real timers; keep stored times current
      const w = new OutboxWorker({
        database: t.database,
        channels: { email: emailChannel(createSmtpMailer(peer.url), MAIL) },
        logger: silent,
        pollMs: 60_000,
      });
      workers.push(w);
      w.start();
      await vi.waitFor(async () => expect(await listLeads(t.database.db)).toEqual([]));
      const app = await buildApp("contact", {
        config: testConfig(),
        database: t.database,
        onLeadStored: () => w.wake(),
      });
      try {
        const res = await app.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: validContact,
        });
        const id = res.json<{ id: string }>().id;
        // The poll interval is a minute: only wake() can deliver it within the wait.
        await vi.waitFor(() => expect(peer.mails.map((m) => m.headers["x-lead-id"])).toEqual([id]), {
          timeout: 5_000,
          interval: 20,
        });
      } finally {
        await app.close();
      }
      await w.stop();
      w.wake(); // no effect after stop
      expect(peer.mails).toHaveLength(1);
    });

    it("builds the mail from the stored lead (quotation label, Reply-To, ids)", async () => {
      const id = await submit("quotation", { ...validQuotation, company: undefined, details: undefined });
      const mail = buildLeadMail((await readLeadNotice(t.database.db, id))!, MAIL);
      expect(mail.replyTo).toEqual({ name: "Charles Babbage", address: "charles@example.com" });
      expect(mail.messageId).toBe(`<lead-${id}@leads.example.com>`);
      expect(mail.text).toContain("Company: —");
      expect(mail.text).toContain("Details:\n—");
    });
  });
});
