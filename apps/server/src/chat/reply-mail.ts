// The visitor who has left gets the staff's replies by e-mail (outbox channel `chat-reply`, one row per
// conversation, queued again by every staff message, due CHAT_REPLY_MAIL_AFTER_MS later). When the
// row comes due, the mail holds the staff messages the visitor has neither read nor been mailed, and a
// signed link that reopens the conversation; when there are none it is recorded without a mail.
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import type { DeliveryChannel } from "../records/outbox/delivery-channel";
import { escapeHtml, headerSafe, mailDomain, type Mailer, type MailSettings } from "../platform/mail/mailer";
import { resumeUrl, signLink } from "./chat-links";
import { firstName } from "./chat-reads";

export interface ReplyMailDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  settings: MailSettings;
  siteUrl: string;
  now?: () => Date;
  /** Called after a mail went out and the conversation records it (the streams show "sent by e-mail"). */
  onMailed?: (conversationId: string) => void;
}

/** What a delivery with nothing left to mail records instead of a Message-ID. */
const NOTHING_TO_MAIL = "nothing-unread";

export function chatReplyChannel(deps: ReplyMailDeps): DeliveryChannel {
  const now = deps.now ?? (() => new Date());
  return {
    async deliver(lead) {
      const conversation = await deps.db
        .selectFrom("chat_conversations")
        .select(["link_key", "mailed_seq", "visitor_read_seq"])
        .where("lead_id", "=", lead.id)
        .executeTakeFirst();
      if (!conversation) return NOTHING_TO_MAIL;
      const after = Math.max(Number(conversation.mailed_seq), Number(conversation.visitor_read_seq));
      const replies = await deps.db
        .selectFrom("chat_messages")
        .leftJoin("staff", "staff.id", "chat_messages.staff_id")
        .select(["chat_messages.seq", "chat_messages.body", "chat_messages.created_at", "staff.name"])
        .where("chat_messages.lead_id", "=", lead.id)
        .where("chat_messages.author", "=", "staff")
        .where("chat_messages.seq", ">", after)
        .orderBy("chat_messages.seq")
        .execute();
      if (replies.length === 0) return NOTHING_TO_MAIL;
      const lastSeq = Number(replies.at(-1)!.seq);
      const link = resumeUrl(deps.siteUrl, signLink(lead.id, conversation.link_key, now()));
      const messageId = `<chat-${lead.id}-${lastSeq}@${mailDomain(deps.settings.mailFrom)}>`;
      const who = (name: string | null) => (name ? firstName(name) : "Our team");
      const text = [
        `Hello ${headerSafe(lead.name, 100)},`,
        "",
        "You left the chat on our website before we could answer there. Here is our reply:",
        "",
        ...replies.flatMap((r) => [`${who(r.name)}:`, r.body, ""]),
        `Continue the conversation: ${link}`,
        "(The link opens the chat on our website for 30 days. You can also answer this e-mail.)",
      ].join("\n");
      const html = [
        `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5">`,
        `<p>Hello ${escapeHtml(lead.name)},</p>`,
        `<p>You left the chat on our website before we could answer there. Here is our reply:</p>`,
        ...replies.map(
          (r) =>
            `<p><strong>${escapeHtml(who(r.name))}</strong><br><span style="white-space:pre-wrap">${escapeHtml(r.body)}</span></p>`,
        ),
        `<p><a href="${escapeHtml(link)}">Continue the conversation</a> (the link opens the chat on our website for 30 days). You can also answer this e-mail.</p>`,
        `</body></html>`,
      ].join("\n");
      await deps.mailer.send({
        from: deps.settings.mailFrom,
        to: lead.email,
        replyTo: deps.settings.notifyTo,
        subject: "Our reply to your chat",
        messageId,
        text,
        html,
        headers: { "X-Lead-Id": lead.id, "X-Lead-Kind": "chat" },
      });
      await deps.db
        .updateTable("chat_conversations")
        .set({ mailed_seq: lastSeq })
        .where("lead_id", "=", lead.id)
        .where("mailed_seq", "<", lastSeq)
        .execute();
      deps.onMailed?.(lead.id);
      return messageId;
    },
  };
}
