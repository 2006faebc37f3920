import { afterEach, describe, expect, it } from "vitest";
import { withChallenge } from "../../../test/challenge-helpers";
import { autoreplyChannel, emailChannel } from "./delivery-channel";
import { getLead } from "../lead-queries";
import { createSmtpMailer } from "../../platform/mail/mailer";
import { OutboxWorker } from "./outbox-worker";
import { webhookChannel, webhookId } from "./webhook-channel";
import { BACKENDS, json, useLeadServices, validContact, validQuotation } from "../../../test/helpers";
import { createSmtpPeer, type SmtpPeer } from "../../../test/smtp-peer";
import { createWebhookReceiver } from "../../../test/webhook-receiver";

const SECRET = `whsec_${Buffer.from("a test secret of 32 bytes, ok!!!").toString("base64")}`;
const MAIL = { notifyTo: "sales@example.com", mailFrom: "Website <no-reply@leads.example.com>" };
const silent = { info() {}, warn() {}, error() {} };
const HOUR = 60 * 60 * 1000;

describe.each(BACKENDS)("delivery channels on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      await Promise.all(closers.splice(0).map((c) => c()));
    });

    async function setup(env: Record<string, string>, opts: { webhookTimeoutMs?: number } = {}) {
      const peer: SmtpPeer = await createSmtpPeer();
      await peer.start();
      const receiver = await createWebhookReceiver(SECRET);
      const app = await svc.app("contact", { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, ...env });
      const quotation = await svc.app("quotation", {
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: SECRET,
        ...env,
      });
      const mailer = createSmtpMailer(peer.url);
      const worker = new OutboxWorker({
        database: svc.database,
        channels: {
          email: emailChannel(mailer, MAIL),
          autoreply: autoreplyChannel(mailer, MAIL),
          webhook: webhookChannel({
            url: receiver.url,
            secret: SECRET,
            db: svc.db,
            timeoutMs: opts.webhookTimeoutMs,
          }),
        },
        logger: silent,
        clock: svc.clock,
        random: () => 0.5,
      });
      closers.push(
        () => worker.stop(),
        () => receiver.close(),
        () => peer.stop(),
      );
      // Each lead as the site sends it, with a solved challenge (without one, no confirmation goes out).
      const post = async (payload: object, kind: "contact" | "quotation" = "contact") => {
        const service = kind === "contact" ? app : quotation;
        const res = await service.inject({
          method: "POST",
          url: `/${kind}`,
          headers: json,
          payload: await withChallenge(service, payload),
        });
        expect(res.statusCode).toBe(201);
        return res.json<{ id: string }>().id;
      };
      return { peer, receiver, worker, post };
    }

    it("delivers each lead to the webhook exactly once, signed, through an outage, while the e-mail keeps its own schedule", async () => {
      const { peer, receiver, worker, post } = await setup({});
      receiver.state.mode = "down";
      const a = await post(validContact);
      const b = await post(validQuotation, "quotation");
      await post({ ...validContact, website: "http://bot.example" }); // spam: no channel at all

      expect(await worker.runOnce()).toEqual({ sent: 2, failed: 2 });
      // The mails went out at once; the webhook outage did not hold them up.
      expect(peer.mails.map((m) => m.headers["x-lead-id"]).sort()).toEqual([a, b].sort());
      expect(receiver.state.accepted).toEqual([]);
      const failing = await getLead(svc.db, a);
      expect(failing!.deliveries.map((d) => [d.channel, d.state])).toEqual([
        ["email", "sent"],
        ["webhook", "failed-retrying"],
      ]);
      expect(failing!.deliveries[1]!.lastError).toBe("webhook answered HTTP 503");

      // Still down at the first retry; the e-mail is not sent again.
      svc.clock.advance(60_000);
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 2 });
      receiver.state.mode = "ok";
      svc.clock.advance(60_000);
      expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0 });
      svc.clock.advance(60 * 60_000);
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });

      expect(peer.mails).toHaveLength(2);
      expect(receiver.state.bad).toBe(0);
      const got = receiver.state.accepted;
      expect(got.map((r) => r.id).sort()).toEqual([webhookId(a), webhookId(b)].sort());
      const first = got.find((r) => r.id === webhookId(a))!;
      expect(first.payload).toMatchObject({
        type: "lead.created",
        data: { id: a, kind: "contact", email: validContact.email, message: validContact.message },
      });
      expect(got.find((r) => r.id === webhookId(b))!.payload.data).toMatchObject({
        service: "erp-consultation",
        serviceLabel: "ERP Consultation",
      });
      expect(
        (await getLead(svc.db, a))!.deliveries.map((d) => [d.channel, d.state, d.attempts, d.messageId]),
      ).toEqual([
        ["email", "sent", 1, `<lead-${a}@leads.example.com>`],
        ["webhook", "sent", 3, webhookId(a)],
      ]);
    });

    it("counts a webhook that does not answer in time as a failed attempt", async () => {
      const { receiver, worker, post } = await setup({}, { webhookTimeoutMs: 300 });
      receiver.state.mode = "hang";
      const id = await post(validContact);
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 1 });
      const webhook = (await getLead(svc.db, id))!.deliveries.find((d) => d.channel === "webhook")!;
      expect(webhook.state).toBe("failed-retrying");
      expect(webhook.lastError).toMatch(/timeout|aborted/i);
    });

    it("refuses a webhook signed with another secret (the receiver's check is real)", async () => {
      const receiver = await createWebhookReceiver(SECRET);
      closers.push(() => receiver.close());
      const other = `whsec_${Buffer.from("another secret of 32 bytes, ok!!").toString("base64")}`;
      const id = await post0();
      async function post0() {
        const app = await svc.app("contact", { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: other });
        const res = await app.inject({
          method: "POST",
          url: "/contact",
          headers: json,
          payload: validContact,
        });
        return res.json<{ id: string }>().id;
      }
      const lead = await svc.db
        .selectFrom("leads")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await expect(
        webhookChannel({ url: receiver.url, secret: other, db: svc.db }).deliver({
          id,
          kind: "contact",
          createdAt: lead.created_at,
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          company: null,
          service: null,
          serviceLabel: null,
          message: lead.message,
          details: null,
        }),
      ).rejects.toThrow("HTTP 401");
      expect(receiver.state.bad).toBe(1);
    });

    it("sends the visitor one plain confirmation per address per hour, never their own words, none for spam", async () => {
      const { peer, worker, post } = await setup({ AUTOREPLY: "on" });
      const hostile = {
        ...validContact,
        email: "Visitor@Example.org",
        name: "Win a prize at http://evil.example",
        message: "Click http://evil.example/now to claim",
      };
      const first = await post(hostile);
      await post({ ...hostile, email: " visitor@example.ORG " }); // same address, 1 s later: no second
      svc.clock.advance(HOUR - 1000);
      await post({ ...hostile, email: "visitor@example.org" }); // still within the hour
      await post({ ...hostile, email: "bot@example.org", website: "x" }); // spam
      svc.clock.advance(1000);
      const afterHour = await post({ ...hostile, email: "visitor@example.org" });
      await worker.runOnce();

      const replies = peer.mails.filter((m) => m.envelope.to[0] !== "sales@example.com");
      expect(replies.map((m) => m.headers["x-lead-id"])).toEqual([first, afterHour]);
      for (const m of replies) {
        expect(m.envelope.to[0]!.toLowerCase()).toBe("visitor@example.org");
        expect(m.headers.from).toBe(MAIL.mailFrom);
        expect(m.headers["reply-to"]).toBe("sales@example.com");
        expect(m.headers["auto-submitted"]).toBe("auto-replied");
        expect(m.headers.subject).toBe("We received your message");
        expect(m.html).toBe("");
        expect(m.raw).not.toMatch(/evil|prize|Click/);
      }
      expect(peer.mails.filter((m) => m.envelope.to[0] === "sales@example.com")).toHaveLength(4);
    });
  });
});
