// The variables of the consultations, the live chat and the retention periods.
import { DEFAULT_RETENTION, RETENTION_OVERRIDE_RANGE } from "@site/contracts";
import { z } from "zod";
import { ms } from "./server-variables";

const retentionOverrideValues = `a whole number from ${RETENTION_OVERRIDE_RANGE.min} to ${RETENTION_OVERRIDE_RANGE.max}`;

/** Free consultations' links and live chat's switch and limits. */
export const featureVariables = {
  CONSULTATION_LINK_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (e.g. 32 random bytes in base64)")
    .optional()
    .meta({
      description:
        "The HMAC key of the visitor's reschedule and cancel links ([consultations](consultations.md)); unset, a random key is made at first start and kept in the database, shared by every instance",
      defaultText: "a key stored in the database",
      values: "at least 32 characters",
    }),
  CONSULTATIONS_PER_CLIENT: z.coerce.number().int().positive().default(2).meta({
    description:
      "Upcoming consultations one client (IPv4 address or IPv6 /64, as the rate limit counts) may hold, pending ones included; then `409 client_limit` ([consultations](consultations.md))",
  }),
  LIVE_CHAT: z.enum(["on", "off"]).default("off").meta({
    description:
      "`on`: the chat button opens a live chat answered in the desk's Chats screen; set it for the site's build too ([live chat](live-chat.md))",
  }),
  CHAT_CONVERSATIONS_PER_HOUR: z.coerce.number().int().positive().default(3).meta({
    description: "New chat conversations per client (IPv4 address or IPv6 /64) per hour; then `429`",
  }),
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(20).meta({
    description: "Chat messages per client per minute; then `429`",
  }),
  CHAT_REPLY_MAIL_AFTER_MS: ms(2 * 60_000).meta({
    description:
      "A staff reply in the chat that the visitor has not seen after this long is e-mailed to them, with a link that reopens the conversation",
  }),
};

/** How long leads are kept ([retention](data-rights.md#retention)); read again by retentionFromEnv. */
export const retentionVariables = {
  RETENTION_ENQUIRY_MONTHS: z
    .string()
    .optional()
    .meta({
      description: "Months after the last contact an enquiry is kept ([retention](data-rights.md#retention))",
      defaultText: `\`${DEFAULT_RETENTION.enquiryMonths}\``,
      values: retentionOverrideValues,
    }),
  RETENTION_SPAM_DAYS: z
    .string()
    .optional()
    .meta({
      description: "Days a spam lead is kept after it arrived ([retention](data-rights.md#retention))",
      defaultText: `\`${DEFAULT_RETENTION.spamDays}\``,
      values: retentionOverrideValues,
    }),
};
