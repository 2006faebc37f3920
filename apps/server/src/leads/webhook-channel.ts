import { Webhook } from "standardwebhooks";
import type { DeliveryChannel } from "./delivery-channel";
import type { LeadNotice } from "./lead-notice";

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
 * the attempt.
 */
export function webhookChannel(opts: {
  url: string;
  secret: string;
  timeoutMs?: number | undefined;
}): DeliveryChannel {
  const signer = new Webhook(opts.secret);
  return {
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
      if (res.status < 200 || res.status > 299) throw new Error(`webhook answered HTTP ${res.status}`);
      return id;
    },
  };
}
