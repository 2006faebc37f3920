import type { LeadNotice } from "./lead-notice";
import { buildLeadMail } from "./lead-mail";
import { headerSafe, mailDomain, type Mailer, type MailSettings } from "../../platform/mail/mailer";

/** What the peer answered when it refused a delivery and said more than "failed". */
export type Refusal = { gone: true } | { retryAfterMs: number };

/**
 * A failed delivery whose peer said what it wants: nothing more, ever (the webhook's 410 Gone), or
 * nothing before some time (a Retry-After on a 429 or 503).
 */
export class DeliveryRefused extends Error {
  constructor(
    message: string,
    readonly refusal: Refusal,
  ) {
    super(message);
  }
}

/**
 * One way a lead leaves the outbox (the company's e-mail, the webhook, the visitor's confirmation).
 * `deliver` resolves with an id to record (a Message-ID, a webhook-id) once the peer took it, and
 * throws to be retried with backoff (DeliveryRefused when the peer said more).
 */
export interface DeliveryChannel {
  deliver(lead: LeadNotice): Promise<string>;
  /** Whether the peer takes deliveries at `now`; asked before each pass (unset: always). */
  accepts?(now: Date): Promise<boolean>;
  /** Remembers a refusal: `until` ends a wait the peer asked for; a 410 Gone has none. */
  refused?(refusal: Refusal, now: Date, until: Date | undefined): Promise<void>;
  close?(): void;
}

/** The notification to the company (NOTIFY_TO), answerable straight to the visitor. */
export function emailChannel(mailer: Mailer, settings: MailSettings): DeliveryChannel {
  return {
    async deliver(lead) {
      const mail = buildLeadMail(lead, settings);
      await mailer.send(mail);
      return mail.messageId;
    },
    close: () => mailer.close(),
  };
}

/**
 * The visitor's confirmation that their enquiry arrived (AUTOREPLY=on). It repeats nothing the
 * visitor typed, not even their name, so the form cannot send chosen words to someone else's address;
 * answers go to the company (NOTIFY_TO).
 */
function buildAutoreply(lead: LeadNotice, settings: MailSettings) {
  const what = lead.kind === "quotation" ? "quote request" : "message";
  const received = new Date(lead.createdAt).toUTCString().replace(/:\d\d GMT$/, " UTC");
  return {
    from: settings.mailFrom,
    to: lead.email,
    replyTo: settings.notifyTo,
    subject: `We received your ${what}`,
    messageId: `<autoreply-${lead.id}@${mailDomain(settings.mailFrom)}>`,
    text: [
      "Hello,",
      "",
      `Thank you for getting in touch. This is an automatic confirmation that your ${what} reached us on ${received}.`,
      "A member of our team will reply to you personally.",
      "",
      "If you did not send it, you can ignore this e-mail.",
      "",
      `Reference: ${lead.id}`,
    ].join("\n"),
    headers: {
      // RFC 3834: an automatic answer, which other automatic responders must not answer in turn.
      "Auto-Submitted": "auto-replied",
      "X-Auto-Response-Suppress": "All",
      "X-Lead-Id": headerSafe(lead.id),
    },
  };
}

export function autoreplyChannel(mailer: Mailer, settings: MailSettings): DeliveryChannel {
  return {
    async deliver(lead) {
      const mail = buildAutoreply(lead, settings);
      await mailer.send(mail);
      return mail.messageId;
    },
  };
}
