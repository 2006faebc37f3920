// Where leads go, from the configuration: the team's channels each lead is queued on, and the
// channels the records deliver themselves. Features add their own channels through the feature list
// (records/feature.ts: `channels`), so this module knows none of them.
import type { Config } from "../../platform/config/config";
import type { Channel, DB } from "../../platform/db/schema";
import type { Mailer } from "../../platform/mail/mailer";
import type { Kysely } from "kysely";
import { autoreplyChannel, type DeliveryChannel, emailChannel } from "./delivery-channel";
import { webhookChannel } from "./webhook-channel";

/** A process's senders, by outbox channel; a channel without one leaves its rows waiting. */
export type Channels = Partial<Record<Channel, DeliveryChannel>>;

/** Where each lead (not spam) goes: e-mail always (it waits for SMTP_URL), the webhook and autoreply when set. */
export function configuredChannels(config: Config): Channel[] {
  return [
    "email",
    ...(config.WEBHOOK_URL ? (["webhook"] as const) : []),
    ...(config.AUTOREPLY === "on" ? (["autoreply"] as const) : []),
  ];
}

/**
 * The records' own senders: the company's e-mail (and the visitor's confirmation, when on) with a
 * mailer (SMTP_URL), the webhook with WEBHOOK_URL.
 */
export function recordChannels(config: Config, db: Kysely<DB>, mailer: Mailer | undefined): Channels {
  const channels: Channels = {};
  if (mailer) {
    const settings = { notifyTo: config.NOTIFY_TO, mailFrom: config.MAIL_FROM };
    channels.email = emailChannel(mailer, settings);
    if (config.AUTOREPLY === "on") channels.autoreply = autoreplyChannel(mailer, settings);
  }
  if (config.WEBHOOK_URL && config.WEBHOOK_SECRET) {
    channels.webhook = webhookChannel({ url: config.WEBHOOK_URL, secret: config.WEBHOOK_SECRET, db });
  }
  return channels;
}
