// Reading a conversation: its messages after a seq, its state as both sides' streams show it, and
// the visitor's token checked against it. Written by chat-store.ts.
import type { ChatConversationState, ChatMessage } from "@site/contracts/chat";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../platform/db/schema";
import { hashToken } from "../platform/tokens";

type Db = Kysely<DB> | Transaction<DB>;

export function messageRows(db: Db, conversationId: string) {
  return db
    .selectFrom("chat_messages")
    .leftJoin("staff", "staff.id", "chat_messages.staff_id")
    .selectAll("chat_messages")
    .select("staff.name as staff_name")
    .where("chat_messages.lead_id", "=", conversationId);
}

export function toMessage(r: {
  id: string;
  seq: number;
  author: "visitor" | "staff";
  body: string;
  client_id: string | null;
  created_at: string;
  staff_name: string | null;
}): ChatMessage {
  return {
    id: r.id,
    seq: Number(r.seq),
    author: r.author,
    authorName: r.author === "staff" ? (r.staff_name ?? "Our team") : null,
    body: r.body,
    clientId: r.client_id,
    createdAt: r.created_at,
  };
}

/** The conversation's messages after `afterSeq`, in order (at most `limit`). */
export async function messagesAfter(
  db: Db,
  conversationId: string,
  afterSeq: number,
  limit = 1000,
): Promise<ChatMessage[]> {
  const rows = await messageRows(db, conversationId)
    .where("chat_messages.seq", ">", afterSeq)
    .orderBy("chat_messages.seq")
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

/** Up to `limit` of the conversation's messages before `beforeSeq`, in order (the newest of them). */
export async function messagesBefore(
  db: Db,
  conversationId: string,
  beforeSeq: number,
  limit: number,
): Promise<ChatMessage[]> {
  const rows = await messageRows(db, conversationId)
    .where("chat_messages.seq", "<", beforeSeq)
    .orderBy("chat_messages.seq", "desc")
    .limit(limit)
    .execute();
  return rows.reverse().map(toMessage);
}

/** The conversation's state as both sides' streams report it; undefined when it does not exist. */
export async function conversationState(
  db: Db,
  conversationId: string,
): Promise<ChatConversationState | undefined> {
  const r = await db
    .selectFrom("chat_conversations")
    .leftJoin("staff", "staff.id", "chat_conversations.taken_by")
    .select([
      "chat_conversations.state",
      "chat_conversations.visitor_read_seq",
      "chat_conversations.staff_read_seq",
      "chat_conversations.mailed_seq",
      "staff.name as taken_name",
    ])
    .where("chat_conversations.lead_id", "=", conversationId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    conversationId,
    state: r.state,
    takenBy: r.taken_name ? firstName(r.taken_name) : null,
    visitorReadSeq: Number(r.visitor_read_seq),
    staffReadSeq: Number(r.staff_read_seq),
    mailedSeq: Number(r.mailed_seq),
  };
}

/** What the visitor sees of a member's name. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The conversation whose live token this is (SHA-256 compared in the database), or undefined. */
export async function visitorConversation(db: Kysely<DB>, conversationId: string, token: string, now: Date) {
  return db
    .selectFrom("chat_conversations")
    .select(["lead_id", "state", "last_seq"])
    .where("lead_id", "=", conversationId)
    .where("token_hash", "=", hashToken(token))
    .where("token_expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/** Whether the visitor with `token` may go on listening: "revoked" once it is replaced, run out or erased. */
export async function visitorAccess(
  db: Kysely<DB>,
  conversationId: string,
  token: string,
  now: Date,
): Promise<"open" | "closed" | "revoked"> {
  const row = await visitorConversation(db, conversationId, token, now);
  if (!row) return "revoked";
  return row.state === "closed" ? "closed" : "open";
}
