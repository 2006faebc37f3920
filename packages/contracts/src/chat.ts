// Live chat (issue 27): what the visitor's panel sends to the contact service and what comes back,
// the events of the stream (Server-Sent Events), shared by the panel, the desk and the server. A
// separate entry point (@site/contracts/chat): only the panel's lazy chunk imports it on the site.
import { CHAT_MESSAGE_MAX } from "./chat-paths";
import { CHALLENGE_FIELD } from "./challenge";
import { HONEYPOT_FIELD, honeypotFilled, LIMITS } from "./lead";
import { z } from "./zod";

export * from "./chat-paths";

/* eslint-disable no-control-regex */
const BAD_TEXT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/* eslint-enable no-control-regex */

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Not an id.");
/** 43 base64url characters: 32 random bytes. */
const RANDOM_32 = /^[A-Za-z0-9_-]{43}$/;
export const chatTokenSchema = z.string().regex(RANDOM_32, "Not a chat token.");

/**
 * A message's text: trimmed, 1 to CHAT_MESSAGE_MAX code points, no control characters. The `max` in
 * UTF-16 units (a code point is at most two) changes nothing that is valid: it gives the schema the
 * bound the server derives its body limit from (apps/server/src/platform/http/body-limit.ts).
 */
export const chatBodySchema = z
  .string({ error: "Write a message first." })
  .trim()
  .min(1, "Write a message first.")
  .max(2 * CHAT_MESSAGE_MAX, `A message is at most ${CHAT_MESSAGE_MAX} characters.`)
  .refine((v) => [...v].length <= CHAT_MESSAGE_MAX, `A message is at most ${CHAT_MESSAGE_MAX} characters.`)
  .refine((v) => !BAD_TEXT.test(v), "The message contains characters that are not allowed.");

const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !/[\r\n\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(v) && !BAD_TEXT.test(v), {
      message: `${label} contains characters that are not allowed.`,
    });

/** POST /chat/conversations: who is asking, their consent, and the first message. */
export const chatStartSchema = z.object({
  name: singleLine("Name", LIMITS.name),
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters.`)
    .pipe(z.email("Enter a valid email address.")),
  consent: z.literal(true, { error: "Agree to the conversation being stored to start the chat." }),
  body: chatBodySchema,
  /** The panel's id for this message (a UUID): a retried send is stored once. */
  clientId: uuid,
  /**
   * 32 random bytes (base64url) the panel makes for this start and repeats on a retry: a retry (the
   * same clientId and e-mail) gets the conversation's token only with the same secret.
   */
  secret: z.string({ error: "Not a start secret." }).regex(RANDOM_32, "Not a start secret."),
  /** The site's page the visitor was on (a path); shown to the staff. */
  page: z
    .string()
    .max(200)
    .regex(/^\/[^\s?#]*$/, "Not a page path.")
    .optional(),
  [HONEYPOT_FIELD]: z.unknown().optional().transform(honeypotFilled),
  /** The proof-of-work solution (see ./challenge): required (a 403 in words without a valid, unused one). */
  [CHALLENGE_FIELD]: z.unknown().optional(),
});
export type ChatStartInput = z.input<typeof chatStartSchema>;

/** Who the visitor is to the service: the conversation and its token (in every request body). */
const visitorAuth = { conversationId: uuid, token: chatTokenSchema };

/** POST /chat/messages */
export const chatSendSchema = z.object({ ...visitorAuth, clientId: uuid, body: chatBodySchema });
/** POST /chat/typing */
export const chatTypingSchema = z.object(visitorAuth);
/** POST /chat/read: the visitor has seen the staff's messages up to `seq`. */
export const chatReadSchema = z.object({ ...visitorAuth, seq: z.number().int().min(0) });
/** POST /chat/history: up to CHAT_HISTORY_PAGE messages before `before` (a seq), oldest first. */
export const chatHistorySchema = z.object({ ...visitorAuth, before: z.number().int().min(1).max(1e9) });
/** POST /chat/resume: the link from an e-mail reply. */
export const chatResumeSchema = z.object({ link: z.string().min(1).max(400) });

export const CHAT_AUTHORS = ["visitor", "staff"] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

/** One message as both sides see it; `seq` orders a conversation's messages (1, 2, 3, …). */
export const chatMessageSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  author: z.enum(CHAT_AUTHORS),
  /** The staff member's first name as the visitor sees it; null for the visitor's own messages. */
  authorName: z.string().nullable(),
  body: z.string(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Whether someone answers now: office hours (Mon–Fri 09:00–18:00 London) and a member available. */
export const chatStatusSchema = z.object({
  online: z.boolean(),
  officeHours: z.boolean(),
});
export type ChatStatus = z.infer<typeof chatStatusSchema>;

/** The state of a conversation as the visitor's stream reports it. */
export const chatConversationStateSchema = z.object({
  conversationId: z.string(),
  state: z.enum(["open", "closed"]),
  /** The first name of the member who took it, or null. */
  takenBy: z.string().nullable(),
  /** The visitor has seen the staff's messages up to this seq; the staff the visitor's. */
  visitorReadSeq: z.number().int(),
  staffReadSeq: z.number().int(),
  /** The staff's messages up to this seq were sent by e-mail (the visitor had left). */
  mailedSeq: z.number().int(),
});
export type ChatConversationState = z.infer<typeof chatConversationStateSchema>;

/** 201 of POST /chat/conversations and 200 of POST /chat/resume. */
export const chatSessionSchema = z.object({
  conversationId: z.string(),
  token: z.string(),
  /** When the token runs out unless the visitor acts again (ISO). */
  expiresAt: z.string(),
  online: z.boolean(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** 200 of POST /chat/history. */
export const chatHistoryAnswerSchema = z.object({ messages: z.array(chatMessageSchema) });

/** 201 (200 for a retry) of POST /chat/messages, and of the desk's send. */
export const chatSentSchema = z.object({ message: chatMessageSchema, expiresAt: z.string().optional() });

/**
 * The stream's events. `message` carries `id: <seq>`, so a reconnecting EventSource sends
 * Last-Event-ID and the server replays what came after; the others carry no id.
 */
export const CHAT_EVENTS = {
  message: "message",
  /** The conversation's state (sent first on every connection, then on each change). */
  state: "state",
  typing: "typing",
  /**
   * The last event of a stream the client should not open again as it is: `{ reason: "closed" }`
   * (the staff closed the conversation: a new message from the visitor reopens it) or
   * `{ reason: "revoked" }` (the token was replaced or ran out, or the conversation was erased).
   */
  end: "end",
} as const;
export const chatTypingEventSchema = z.object({ author: z.enum(CHAT_AUTHORS) });
export const chatEndEventSchema = z.object({ reason: z.enum(["closed", "revoked"]) });
export type ChatEndEvent = z.infer<typeof chatEndEventSchema>;
