import { spawnSync } from "node:child_process";
import path from "node:path";
import { dashboardAnswerSchema } from "@site/contracts/desk";
import { afterEach, describe, expect, it } from "vitest";
import { dashboard } from "../../leads/dashboard";
import { emailChannel } from "./delivery-channel";
import { getLead } from "../lead-queries";
import { createSmtpMailer } from "../../platform/mail/mailer";
import { OutboxWorker } from "./outbox-worker";
import { webhookChannel, webhookId } from "./webhook-channel";
import { BACKENDS, childEnv, json, serverDir, useLeadServices, validContact } from "../../../test/helpers";
import { createSmtpPeer } from "../../../test/smtp-peer";
import { createWebhookReceiver } from "../../../test/webhook-receiver";

// What the receiver answers is heard, as Standard Webhooks asks: a 410 Gone stops deliveries to that
// endpoint until it is configured again; a Retry-After on a 429 or 503 holds them, within the retry
// schedule's bounds (never sooner than the schedule, never later than its 15-minute cap).

const SECRET = `whsec_${Buffer.from("a test secret of 32 bytes, ok!!!").toString("base64")}`;
const MAIL = { notifyTo: "sales@example.com", mailFrom: "Website <no-reply@leads.example.com>" };
const silent = { info() {}, warn() {}, error() {} };
const MIN = 60_000;

describe.each(BACKENDS)("webhook receivers' answers on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      await Promise.all(closers.splice(0).map((c) => c()));
    });

    async function receiver() {
      const r = await createWebhookReceiver(SECRET);
      closers.push(() => r.close());
      return r;
    }

    /** A process's outbox worker delivering e-mail and the webhook to `url`, on the test's clock. */
    async function worker(url: string) {
      const peer = await createSmtpPeer();
      await peer.start();
      const w = new OutboxWorker({
        database: svc.database,
        channels: {
          email: emailChannel(createSmtpMailer(peer.url), MAIL),
          webhook: webhookChannel({ url, secret: SECRET, db: svc.db }),
        },
        logger: silent,
        clock: svc.clock,
        random: () => 0.5, // backoff of the first retry: 3.75 s
      });
      closers.push(
        () => w.stop(),
        () => peer.stop(),
      );
      return { worker: w, peer };
    }

    async function post(url: string) {
      const app = await svc.app("contact", { WEBHOOK_URL: url, WEBHOOK_SECRET: SECRET });
      const res = await app.inject({ method: "POST", url: "/contact", headers: json, payload: validContact });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string }>().id;
    }

    const webhookOf = async (id: string) =>
      (await getLead(svc.db, id))!.deliveries.find((d) => d.channel === "webhook")!;
    const health = async () => {
      const answer = dashboardAnswerSchema.parse(await dashboard(svc.db, svc.clock.now()));
      return answer.channels.find((c) => c.channel === "webhook")!;
    };

    it("stops at a 410 Gone until the webhook is configured again, and the desk says so", async () => {
      const gone = await receiver();
      const first = await worker(gone.url);
      gone.state.mode = "gone";
      const a = await post(gone.url);
      expect(await first.worker.runOnce()).toEqual({ sent: 1, failed: 1 });
      expect((await webhookOf(a)).lastError).toBe(
        "webhook answered HTTP 410 Gone: stopped until the webhook is configured again",
      );
      const stoppedAt = svc.clock.now().toISOString();
      expect((await health()).endpoint).toEqual({
        origin: new URL(gone.url).origin,
        goneAt: stoppedAt,
        heldUntil: null,
      });

      // Nothing more goes to it: not the retry, not a new lead, not after a restart; the e-mail goes on.
      gone.state.mode = "ok";
      const b = await post(gone.url);
      svc.clock.advance(60 * MIN);
      expect(await first.worker.runOnce()).toEqual({ sent: 1, failed: 0 });
      const restarted = await worker(gone.url);
      svc.clock.advance(60 * MIN);
      expect(await restarted.worker.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(gone.state.requests).toBe(1);
      expect((await webhookOf(b)).state).toBe("pending");
      expect((await health()).endpoint?.goneAt).toBe(stoppedAt);

      // Configured again with another URL: what waited goes there, and the desk shows that endpoint.
      const next = await receiver();
      const moved = await worker(next.url);
      svc.clock.advance(MIN); // started after the restart: its endpoint is the current one
      expect(await moved.worker.runOnce()).toEqual({ sent: 2, failed: 0 });
      expect(next.state.accepted.map((r) => r.id).sort()).toEqual([webhookId(a), webhookId(b)].sort());
      expect((await health()).endpoint).toEqual({
        origin: new URL(next.url).origin,
        goneAt: null,
        heldUntil: null,
      });
      expect(gone.state.requests).toBe(1);

      // Or the same URL, resumed by the operator with the leads command.
      const leads = (...args: string[]) => {
        const env = childEnv({ DATABASE_URL: svc.url, WEBHOOK_URL: gone.url, WEBHOOK_SECRET: SECRET });
        const r = spawnSync(process.execPath, [path.join(serverDir, "dist/cli/leads.js"), ...args], {
          env,
          encoding: "utf8",
        });
        expect(r.status, r.stderr).toBe(0);
        return r.stdout;
      };
      const origin = new URL(gone.url).origin;
      expect(leads("webhook", "status")).toBe(
        `Webhook ${origin} (the services last started with ${new URL(next.url).origin}): stopped: it ` +
          `answered 410 Gone on ${stoppedAt} (resume with: npm run leads -- webhook resume). 0 deliveries waiting.\n`,
      );
      expect(leads("webhook", "resume")).toMatch(`Deliveries to ${origin} resume`);
      expect(leads("webhook", "status")).toMatch(/: going\. 0 deliveries waiting\.\n$/);
      expect(leads("webhook", "resume")).toBe(`Deliveries to ${origin} were not stopped.\n`);
      const c = await post(gone.url);
      expect(await restarted.worker.runOnce()).toEqual({ sent: 2, failed: 0 });
      expect(gone.state.accepted.map((r) => r.id)).toEqual([webhookId(c)]);
    });

    it("holds every delivery for a 429's Retry-After in seconds, and the desk says until when", async () => {
      const limited = await receiver();
      const { worker: w } = await worker(limited.url);
      limited.state.mode = "limited";
      limited.state.retryAfter = "120";
      const t0 = svc.clock.now().getTime();
      const a = await post(limited.url);
      expect(await w.runOnce()).toEqual({ sent: 1, failed: 1 });
      // Not the schedule's 3.75 s: the two minutes the receiver asked for.
      expect((await webhookOf(a)).nextAttemptAt).toBe(new Date(t0 + 2 * MIN).toISOString());
      expect((await health()).endpoint?.heldUntil).toBe(new Date(t0 + 2 * MIN).toISOString());

      const b = await post(limited.url); // due at once, but the endpoint is held
      limited.state.mode = "ok";
      svc.clock.advance(MIN);
      expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(limited.state.requests).toBe(1);
      svc.clock.advance(MIN);
      expect(await w.runOnce()).toEqual({ sent: 2, failed: 0 });
      expect(limited.state.accepted.map((r) => r.id).sort()).toEqual([webhookId(a), webhookId(b)].sort());
      expect((await health()).endpoint?.heldUntil).toBeNull();
    });

    it("reads a 503's Retry-After date, and keeps any wait within the schedule's 15-minute cap", async () => {
      const busy = await receiver();
      const { worker: w } = await worker(busy.url);
      busy.state.mode = "down";
      // An HTTP-date five minutes after the receiver's own Date header.
      busy.state.retryAfter = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5 * MIN).toUTCString();
      const t0 = svc.clock.now().getTime();
      const a = await post(busy.url);
      expect(await w.runOnce()).toEqual({ sent: 1, failed: 1 });
      const next = Date.parse((await webhookOf(a)).nextAttemptAt!) - t0;
      expect(next).toBeGreaterThanOrEqual(5 * MIN - 2000); // the Date header is whole seconds
      expect(next).toBeLessThanOrEqual(5 * MIN + 1000);

      busy.state.retryAfter = String(24 * 60 * 60); // a day: more than the schedule ever waits
      svc.clock.advance(10 * MIN);
      const t1 = svc.clock.now().getTime();
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
      expect((await webhookOf(a)).nextAttemptAt).toBe(new Date(t1 + 15 * MIN).toISOString());
      expect((await health()).endpoint?.heldUntil).toBe(new Date(t1 + 15 * MIN).toISOString());

      busy.state.mode = "ok";
      svc.clock.advance(15 * MIN);
      expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(busy.state.accepted.map((r) => r.id)).toEqual([webhookId(a)]);
      expect(busy.state.requests).toBe(3);
    });
  });
});
