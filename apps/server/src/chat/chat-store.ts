// Conversations and their messages (issue 27). A conversation is a lead of kind `chat`: its lead row,
// its outbox rows, the conversation and the first message commit together before the visitor's 201.
// Every message takes the conversation's next `seq` in the transaction that stores it (an UPDATE of
// the conversation's row, so concurrent writers on any instance queue on that row): a conversation's
// seqs are gap-free and in commit order, which is what lets a stream replay "everything after N".
import type { ChatMessage } from "@site/contracts/chat";
import { CHAT_TOKEN_TTL_MS } from "@site/contracts/chat";
import type { Kysely, Transaction } from "kysely";
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Channel, DB } from "../platform/db/schema";
import { hashToken, newToken } from "../platform/tokens";
import { newLeadId } from "../platform/ids";
import { storeLeads } from "../records/intake/store-leads";
import { requeueDelivery, teamChannels } from "../records/outbox/queue";
import { messageRows, messagesAfter, toMessage } from "./chat-reads";

/** A validated start (the contract's output: honeypot as a boolean). */
export interface ChatStart {
  name: string;
  email: string;
  body: string;
  clientId: string;
  /** The panel's secret for this start, repeated by its retries. */
  secret: string;
  page?: string | undefined;
  website: boolean;
}

export interface VisitorSession {
  conversationId: string;
  token: string;
  expiresAt: string;
}

const tokenExpiry = (now: Date) => new Date(now.getTime() + CHAT_TOKEN_TTL_MS).toISOString();

/** Two stored hashes compared in constant time (false when the first is missing). */
function sameHash(stored: string | null, given: string): boolean {
  if (stored === null || stored.length !== given.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

/** Whether a unique constraint refused the row (SQLite or PostgreSQL). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    /UNIQUE constraint/.test(e?.message ?? "")
  );
}

/**
 * Starts a conversation: its lead (kind `chat`, the first message as its message; spam when the
 * honeypot was filled, then without deliveries), the conversation with a new visitor token, and the
 * first message, in one transaction. A retried start (the same first message's clientId and e-mail)
 * with the same secret gets the same conversation with a fresh token (the answer to the first try
 * was lost); with another secret it gets nothing (`refused`), and the owner's token keeps working.
 */
export async function startConversation(
  db: Kysely<DB>,
  input: ChatStart,
  opts: { now: Date; channels: readonly Channel[] },
): Promise<
  (VisitorSession & { message: ChatMessage; replay: boolean; refused?: undefined }) | { refused: true }
> {
  const { now } = opts;
  const token = newToken();
  const expiresAt = tokenExpiry(now);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const retried = await trx
      .selectFrom("chat_messages")
      .innerJoin("leads", "leads.id", "chat_messages.lead_id")
      .innerJoin("chat_conversations", "chat_conversations.lead_id", "chat_messages.lead_id")
      .select(["chat_messages.lead_id", "chat_conversations.start_secret_hash"])
      .where("chat_messages.client_id", "=", input.clientId)
      .where("chat_messages.seq", "=", 1)
      .where("leads.email", "=", input.email)
      .executeTakeFirst();
    if (retried) {
      if (!sameHash(retried.start_secret_hash, hashToken(input.secret))) return { refused: true as const };
      await trx
        .updateTable("chat_conversations")
        .set({ token_hash: hashToken(token), token_expires_at: expiresAt })
        .where("lead_id", "=", retried.lead_id)
        .execute();
      const [message] = await messagesAfter(trx, retried.lead_id, 0, 1);
      return { conversationId: retried.lead_id, token, expiresAt, message: message!, replay: true };
    }
    const id = newLeadId(now);
    // A chat asks for no phone number: the store's phone is required, so it is stored empty.
    const lead = {
      kind: "chat" as const,
      name: input.name,
      email: input.email,
      phone: "",
      message: input.body,
    };
    await storeLeads(trx, [
      { id, lead: { ...lead, isSpam: input.website }, now, channels: teamChannels(opts.channels) },
    ]);
    await trx
      .insertInto("chat_conversations")
      .values({
        lead_id: id,
        state: "open",
        token_hash: hashToken(token),
        token_expires_at: expiresAt,
        link_key: randomBytes(32).toString("base64url"),
        taken_by: null,
        last_seq: 1,
        visitor_read_seq: 0,
        staff_read_seq: 0,
        mailed_seq: 0,
        page: input.page ?? null,
        created_at: at,
        last_message_at: at,
        closed_at: null,
        start_secret_hash: hashToken(input.secret),
      })
      .execute();
    const message = {
      id: newLeadId(now),
      lead_id: id,
      seq: 1,
      author: "visitor" as const,
      staff_id: null,
      body: input.body,
      client_id: input.clientId,
      created_at: at,
    };
    await trx.insertInto("chat_messages").values(message).execute();
    return {
      conversationId: id,
      token,
      expiresAt,
      message: toMessage({ ...message, staff_name: null }),
      replay: false,
    };
  });
}

export interface NewMessage {
  conversationId: string;
  author: "visitor" | "staff";
  staffId?: string | undefined;
  body: string;
  clientId: string;
  now: Date;
  /** A staff message is mailed to the visitor this long after, unless they have read it by then. */
  replyMailAfterMs?: number;
}

/**
 * Stores one message with the conversation's next seq; a visitor's message reopens a closed
 * conversation and extends the token's life. A repeat of a clientId returns the stored message
 * (replay: true) and stores nothing. A staff message (re)queues the conversation's reply e-mail,
 * unless the lead is spam. Undefined when there is no such conversation.
 */
export async function addMessage(
  db: Kysely<DB>,
  m: NewMessage,
): Promise<{ message: ChatMessage; replay: boolean; expiresAt?: string } | undefined> {
  const at = m.now.toISOString();
  const run = () =>
    db.transaction().execute(async (trx) => {
      const existing = await messageRows(trx, m.conversationId)
        .where("chat_messages.client_id", "=", m.clientId)
        .executeTakeFirst();
      if (existing) return { message: toMessage(existing), replay: true };
      const visitor = m.author === "visitor";
      const expiresAt = visitor ? tokenExpiry(m.now) : undefined;
      const conversation = await trx
        .updateTable("chat_conversations")
        .set((eb) => ({
          last_seq: eb("last_seq", "+", 1),
          last_message_at: at,
          ...(visitor ? { state: "open" as const, closed_at: null, token_expires_at: expiresAt } : {}),
        }))
        .where("lead_id", "=", m.conversationId)
        .returning("last_seq")
        .executeTakeFirst();
      if (!conversation) return undefined;
      const row = {
        id: newLeadId(m.now),
        lead_id: m.conversationId,
        seq: Number(conversation.last_seq),
        author: m.author,
        staff_id: m.staffId ?? null,
        body: m.body,
        client_id: m.clientId,
        created_at: at,
      };
      await trx.insertInto("chat_messages").values(row).execute();
      // Retention counts from the last contact with the person.
      const lead = await trx
        .updateTable("leads")
        .set({ last_activity_at: at })
        .where("id", "=", m.conversationId)
        .returning("is_spam")
        .executeTakeFirst();
      if (!visitor && Number(lead?.is_spam) === 0)
        await queueReplyMail(trx, m.conversationId, m.now, m.replyMailAfterMs ?? 0);
      const staffName = m.staffId
        ? ((await trx.selectFrom("staff").select("name").where("id", "=", m.staffId).executeTakeFirst())
            ?.name ?? null)
        : null;
      return { message: toMessage({ ...row, staff_name: staffName }), replay: false, expiresAt };
    });
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) return run();
    throw err;
  }
}

/**
 * The conversation's "replies by e-mail" delivery, one outbox row per conversation (channel
 * `chat-reply`), due `afterMs` from now: queued again by every staff message. A worker holding the
 * row keeps its lease but loses its claim, so it cannot mark the newer messages as mailed; the row is
 * taken again once the lease runs out (chat/reply-mail.ts mails only what was not mailed or read).
 */
async function queueReplyMail(trx: Transaction<DB>, leadId: string, now: Date, afterMs: number) {
  await requeueDelivery(trx, leadId, "chat-reply", now, {
    due: new Date(now.getTime() + afterMs),
    keepLease: true,
  });
}

/** A new visitor token for a conversation (the resume link), reopening it. */
export async function renewVisitorToken(
  db: Kysely<DB>,
  conversationId: string,
  now: Date,
): Promise<VisitorSession> {
  const token = newToken();
  const expiresAt = tokenExpiry(now);
  await db
    .updateTable("chat_conversations")
    .set({ token_hash: hashToken(token), token_expires_at: expiresAt, state: "open", closed_at: null })
    .where("lead_id", "=", conversationId)
    .execute();
  return { conversationId, token, expiresAt };
}

/** One side has seen the other's messages up to `seq`; true when that moved the mark. */
export async function markRead(
  db: Kysely<DB>,
  conversationId: string,
  side: "visitor" | "staff",
  seq: number,
) {
  const column = side === "visitor" ? "visitor_read_seq" : "staff_read_seq";
  const r = await db
    .updateTable("chat_conversations")
    .set({ [column]: seq })
    .where("lead_id", "=", conversationId)
    .where(column, "<", seq)
    .where("last_seq", ">=", seq)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
