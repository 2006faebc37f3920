import type { Kysely } from "kysely";
import { Webhook } from "standardwebhooks";
import type { DB } from "../../platform/db/schema";
import { type DeliveryChannel, DeliveryRefused } from "./delivery-channel";
import type { LeadNotice } from "./lead-notice";
import { retryAfterMs } from "../../platform/http/retry-after";
import {
  endpointAccepts,
  holdEndpoint,
  markGone,
  registerEndpoint,
  webhookEndpoint,
} from "./webhook-endpoint";

/** No answer within this time is a failed attempt (retried with backoff). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** The JSON body POSTed for each lead: Standard Webhooks' { type, timestamp, data } envelope. */
interface LeadWebhookPayload {
  type: "lead.created";
  /** When the lead arrived (the same in every retry, so the body and its signature are stable). */
  timestamp: string;
  data: Omit<LeadNotice, "createdAt"> & { createdAt: string };
}

/** Stable per lead: a receiver that already took this id drops the retry. */
export const webhookId = (leadId: string) => `lead_${leadId}`;

function leadWebhookPayload(lead: LeadNotice): LeadWebhookPayload {
  return { type: "lead.created", timestamp: lead.createdAt, data: { ...lead } };
}

/**
 * Delivers each lead to WEBHOOK_URL as JSON, signed as the Standard Webhooks specification says
 * (webhook-id, webhook-timestamp, webhook-signature: HMAC-SHA256 of "id.timestamp.body" with the
 * WEBHOOK_SECRET). A 2xx answer is a delivery; any other answer, a redirect, or none within 10 s fails
 * the attempt. As the specification asks, a 410 Gone disables the endpoint (until it is configured
 * again: another WEBHOOK_URL, or `npm run leads -- webhook resume`), and the Retry-After of a 429 or 503
 * holds every delivery to it; both are kept in the database (webhook-endpoint.ts) for every instance.
 */
export function webhookChannel(opts: {
  url: string;
  secret: string;
  db: Kysely<DB>;
  timeoutMs?: number | undefined;
}): DeliveryChannel {
  const signer = new Webhook(opts.secret);
  const endpoint = webhookEndpoint(opts.url);
  let registered: Promise<void> | undefined;
  return {
    async accepts(now) {
      // The first pass of this process makes this endpoint the current one (the desk shows it).
      registered ??= registerEndpoint(opts.db, endpoint, now).catch((err: unknown) => {
        registered = undefined;
        throw err;
      });
      await registered;
      return endpointAccepts(opts.db, endpoint, now);
    },
    async refused(refusal, now, until) {
      if ("gone" in refusal) await markGone(opts.db, endpoint, now);
      else if (until) await holdEndpoint(opts.db, endpoint, until);
    },
    async deliver(lead) {
      const id = webhookId(lead.id);
      const body = JSON.stringify(leadWebhookPayload(lead));
      // The moment of sending (receivers refuse timestamps far from their own clock).
      const at = new Date();
      const res = await fetch(opts.url, {
        method: "POST",
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
        headers: {
          "content-type": "application/json",
          "user-agent": "site-lead-webhooks/1",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
          "webhook-signature": signer.sign(id, at, body),
        },
        body,
      });
      // The body is not needed; reading it frees the connection for the next delivery.
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status <= 299) return id;
      const answered = `webhook answered HTTP ${res.status}`;
      if (res.status === 410) {
        throw new DeliveryRefused(`${answered} Gone: stopped until the webhook is configured again`, {
          gone: true,
        });
      }
      const wait =
        res.status === 429 || res.status === 503
          ? retryAfterMs(res.headers.get("retry-after"), res.headers.get("date"))
          : undefined;
      if (wait !== undefined) {
        throw new DeliveryRefused(`${answered} with Retry-After: ${Math.round(wait / 1000)} s`, {
          retryAfterMs: wait,
        });
      }
      throw new Error(answered);
    },
  };
}
