/** Row types of live chat (migrations 0010 and 0013). Timestamps are ISO 8601 UTC strings. */
interface ChatConversationsTable {
  /** The conversation's lead (kind `chat`). */
  lead_id: string;
  state: "open" | "closed";
  /** SHA-256 (hex) of the visitor's token; the token itself is never stored. */
  token_hash: string | null;
  token_expires_at: string | null;
  /** base64url of 32 random bytes: the HMAC key of the conversation's resume links. */
  link_key: string;
  taken_by: string | null;
  last_seq: number;
  visitor_read_seq: number;
  staff_read_seq: number;
  mailed_seq: number;
  page: string | null;
  created_at: string;
  last_message_at: string;
  closed_at: string | null;
  /** SHA-256 (hex) of the secret the panel sent with the start (migration 0013); null before it. */
  start_secret_hash: string | null;
}

interface ChatMessagesTable {
  id: string;
  lead_id: string;
  seq: number;
  author: "visitor" | "staff";
  staff_id: string | null;
  body: string;
  client_id: string | null;
  created_at: string;
}

interface ChatPresenceTable {
  staff_id: string;
  /** 0 or 1. */
  available: number;
  /** When the member's desk last showed them present (its stream's heartbeat). */
  seen_at: string | null;
}

export interface ChatTables {
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_presence: ChatPresenceTable;
}
