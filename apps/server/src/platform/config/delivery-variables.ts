// The variables of what leaves the server: mail (SMTP), the outbox, the webhook, the confirmation.
import { z } from "zod";
import { ms } from "./server-variables";
import { webhookSecret } from "./webhook-secret";

/** The mail server, and who mails go to and from. */
export const mailVariables = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, "must be smtp://[user:pass@]host[:port] or smtps://…")
    .optional()
    .meta({
      description:
        "The mail server for notifications and invitations; unset, notifications wait in the outbox",
      values: "`smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465`",
    }),
  SMTP_REQUIRE_TLS: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true"))
    .meta({
      description:
        "`false` sends over `smtp://` in clear when the server offers no STARTTLS (a trusted network only); `true` requires STARTTLS on loopback too",
      // See createSmtpMailer.
      defaultText: "on, except for a loopback SMTP host",
    }),
  NOTIFY_TO: z
    .string()
    .default("sales@example.com")
    .meta({ description: "Where lead notifications go", values: "an e-mail address" }),
  MAIL_FROM: z.string().default("Website <no-reply@example.com>").meta({
    description: "Sender of every mail; its domain also names the Message-ID",
    values: "an address, with or without a display name",
  }),
};

/** The outbox's lease, the webhook and the visitor's confirmation. */
export const deliveryVariables = {
  OUTBOX_LEASE_MS: ms(2 * 60_000).meta({
    description: "How long an outbox worker holds a row it is sending before another worker may take it",
  }),
  WEBHOOK_URL: z
    .string()
    .regex(/^https?:\/\/[^/]/, "must be an http:// or https:// URL")
    .optional()
    .meta({
      description:
        "Every non-spam lead is also POSTed here as signed JSON ([webhooks](webhooks.md)); set with `WEBHOOK_SECRET`",
      values: "an http(s) URL",
    }),
  WEBHOOK_SECRET: webhookSecret.optional().meta({
    description: "The receiver verifies each webhook request with it; set with `WEBHOOK_URL`",
    values: "`whsec_` followed by base64 of 24 to 64 random bytes (Standard Webhooks' format)",
  }),
  AUTOREPLY: z.enum(["on", "off"]).default("off").meta({
    description:
      "`on`: the visitor gets a short confirmation, at most one per address per hour, none for spam ([confirmation](notifications.md#confirmation-to-the-visitor))",
  }),
};
