// The desk's side of live chat (issue 27): the Chats screen's list, a conversation, the member's
// actions and availability. Messages and the stream's events are those of ./chat.
import { chatBodySchema, chatMessageSchema } from "./chat";
import { z } from "./zod";

/** One conversation in the Chats list. */
export const chatSummarySchema = z.object({
  /** The conversation's id is its lead's id. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  state: z.enum(["open", "closed"]),
  takenBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The visitor's messages the staff have not marked read. */
  unread: z.number().int(),
  lastSeq: z.number().int(),
  lastMessageAt: z.string(),
  /** The last message's first 140 characters. */
  preview: z.string(),
  page: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

/** GET /api/chats: open conversations first (newest activity first), then the last closed ones. */
export const chatListSchema = z.object({
  conversations: z.array(chatSummarySchema),
  /** The signed-in member's switch. */
  available: z.boolean(),
  /** What the site's panel says now: office hours and someone available. */
  online: z.boolean(),
  officeHours: z.boolean(),
});
export type ChatList = z.infer<typeof chatListSchema>;

/** GET /api/chats/:id: one conversation with its transcript (also shown on the lead's page). */
export const chatTranscriptSchema = z.object({
  conversation: chatSummarySchema.extend({
    visitorReadSeq: z.number().int(),
    staffReadSeq: z.number().int(),
    mailedSeq: z.number().int(),
  }),
  messages: z.array(chatMessageSchema),
});
export type ChatTranscript = z.infer<typeof chatTranscriptSchema>;

/** POST /api/chats/:id/messages */
export const deskChatSendSchema = z.object({ clientId: z.uuid(), body: chatBodySchema });
/** POST /api/chats/:id/read */
export const deskChatReadSchema = z.object({ seq: z.number().int().min(0) });
/** PUT /api/chats/availability */
export const chatAvailabilitySchema = z.object({ available: z.boolean() });

/** The desk-wide stream (GET /api/chats/events): a conversation's summary after every change. */
export const DESK_CHAT_EVENTS = { summary: "summary" } as const;
