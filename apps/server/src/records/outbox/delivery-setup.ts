import type { Kysely } from "kysely";
import { chatReplyChannel, type ReplyMailDeps } from "../../chat/reply-mail";
import type { Clock } from "../../platform/clock";
import type { Config } from "../../platform/config/config";
import { organizerOf } from "../../consultations/invitation";
import { meetingChannels } from "../../consultations/meeting-channels";
import type { Channel, DB } from "../../platform/db/schema";
import { autoreplyChannel, type DeliveryChannel, emailChannel } from "./delivery-channel";
import { createSmtpMailer } from "../../platform/mail/mailer";
import { webhookChannel } from "./webhook-channel";

/**
 * The channels this process can deliver, from the configuration: e-mail (and the autoreply, when on)
 * with SMTP_URL, and with it the consultations' mails and the chat's replies (LIVE_CHAT=on) when
 * given theirs; the webhook with WEBHOOK_URL. Rows of a channel without a sender here wait.
 */
export function deliveryChannels(
  config: Config,
  db: Kysely<DB>,
  /** For the consultations' mails, which read the meeting when they are sent. */
  meetings?: { secret: () => Promise<Buffer>; clock: Clock },
  /** For the live chat's replies by e-mail (issue 27; with LIVE_CHAT=on). */
  chat?: Pick<ReplyMailDeps, "onMailed">,
): Partial<Record<Channel, DeliveryChannel>> {
  let channels: Partial<Record<Channel, DeliveryChannel>> = {};
  if (config.SMTP_URL) {
    const mailer = createSmtpMailer(config.SMTP_URL, { requireTls: config.SMTP_REQUIRE_TLS });
    const settings = { notifyTo: config.NOTIFY_TO, mailFrom: config.MAIL_FROM };
    channels.email = emailChannel(mailer, settings);
    if (config.AUTOREPLY === "on") channels.autoreply = autoreplyChannel(mailer, settings);
    // Live chat: the staff's replies to a visitor who has left (issue 27).
    if (config.LIVE_CHAT === "on" && chat) {
      channels["chat-reply"] = chatReplyChannel({
        ...chat,
        db,
        mailer,
        settings,
        siteUrl: config.siteOrigin,
      });
    }
    if (meetings) {
      const organizer = organizerOf(config.MAIL_FROM, config.NOTIFY_TO);
      channels = {
        ...channels,
        ...meetingChannels({
          ...meetings,
          db,
          mailer,
          settings: {
            mailFrom: config.MAIL_FROM,
            organizer,
            siteUrl: config.siteOrigin,
            deskUrl: config.DESK_URL,
          },
        }),
      };
    }
  }
  if (config.WEBHOOK_URL && config.WEBHOOK_SECRET) {
    channels.webhook = webhookChannel({ url: config.WEBHOOK_URL, secret: config.WEBHOOK_SECRET, db });
  }
  return channels;
}
