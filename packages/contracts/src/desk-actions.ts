import { z } from "./zod";

/** Where a lead's notifications go (one delivery per channel; issue 15). */
export const DELIVERY_CHANNELS = [
  "email",
  "webhook",
  "autoreply",
  // A consultation's invitations and reminders (issue 26): each brings one party's calendar in line
  // with the meeting as it is when the mail is sent. Before them, the link that confirms a booking
  // (issue 33): the visitor's first mail when bookings wait for a confirmed address.
  "confirm-link",
  "invitation",
  "member-invitation",
  "member-release",
  "reminder",
  "member-reminder",
  // A live chat's staff replies by e-mail to a visitor who has left (issue 27).
  "chat-reply",
] as const;
export const deliveryChannelSchema = z.enum(DELIVERY_CHANNELS);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  email: "E-mail to the team",
  webhook: "Webhook",
  autoreply: "Confirmation to the visitor",
  "confirm-link": "Link to confirm the booking",
  invitation: "Invitation to the visitor",
  "member-invitation": "Invitation to the member",
  "member-release": "Cancellation to a former member",
  reminder: "Reminder to the visitor",
  "member-reminder": "Reminder to the member",
  "chat-reply": "Chat replies by e-mail",
};

/** One channel's delivery of a lead, as the lead page shows it. */
export const deliverySchema = z.object({
  channel: deliveryChannelSchema,
  state: z.enum(["pending", "sent", "failed-retrying", "failed"]),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** PUT /api/leads/:id/spam: mark as spam (unsent deliveries are dropped) or not spam (they are sent). */
export const spamUpdateSchema = z.object({ spam: z.boolean() });

/** POST /api/leads/:id/deliveries/:channel/retry: try a failed delivery again now. */
export const deliveryParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, "Not a lead id."),
  channel: deliveryChannelSchema,
});

/** GET /api/leads/:id/erasure: how many leads the erasure of this lead's address would remove. */
export const erasurePreviewSchema = z.object({ leads: z.number().int() });
/** POST /api/leads/:id/erasure: what was erased. */
export const erasureAnswerSchema = z.object({ erased: z.number().int() });

/** The health of one notification channel (dashboard). */
export const channelHealthSchema = z.object({
  channel: deliveryChannelSchema,
  /** Queued and never tried yet. */
  pending: z.number().int(),
  /** Tried, failed, and still being retried. */
  failing: z.number().int(),
  /** Given up (7 days without success). */
  failed: z.number().int(),
  sent: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /**
   * The webhook's endpoint (WEBHOOK_URL's origin) as its receiver left it: `goneAt` when it answered
   * 410 Gone (nothing is sent to it until it is configured again), `heldUntil` while a Retry-After
   * holds deliveries. Null for the other channels, and before any process delivered to a webhook.
   */
  endpoint: z
    .object({ origin: z.string(), goneAt: z.string().nullable(), heldUntil: z.string().nullable() })
    .nullable(),
});
export type ChannelHealth = z.infer<typeof channelHealthSchema>;
