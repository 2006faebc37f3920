import type { Kysely, Migration } from "kysely";

/**
 * Live chat (issue 27). A conversation is a lead of kind `chat` (its id is the lead's id), so the
 * inbox, retention, export, erasure and backups hold it like any lead; deleting the lead deletes the
 * conversation and its messages. Messages are numbered per conversation (`seq`, from the
 * conversation's `last_seq`): the stream's event ids, from which a reconnecting client is replayed.
 * The visitor's token is stored only as SHA-256; `link_key` signs the links of e-mailed replies.
 * `chat_presence` is each member's "available" switch and when their desk last showed them present.
 */
export const chatMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("chat_conversations")
      .addColumn("lead_id", "text", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
      .addColumn("state", "text", (c) => c.notNull().defaultTo("open")) // 'open' | 'closed'
      .addColumn("token_hash", "text")
      .addColumn("token_expires_at", "text")
      .addColumn("link_key", "text", (c) => c.notNull())
      .addColumn("taken_by", "text", (c) => c.references("staff.id"))
      .addColumn("last_seq", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("visitor_read_seq", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("staff_read_seq", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("mailed_seq", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("page", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_message_at", "text", (c) => c.notNull())
      .addColumn("closed_at", "text")
      .execute();
    await db.schema
      .createIndex("chat_conversations_state_idx")
      .on("chat_conversations")
      .columns(["state", "last_message_at"])
      .execute();
    await db.schema
      .createIndex("chat_conversations_token_idx")
      .on("chat_conversations")
      .column("token_hash")
      .execute();

    await db.schema
      .createTable("chat_messages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) =>
        c.notNull().references("chat_conversations.lead_id").onDelete("cascade"),
      )
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("author", "text", (c) => c.notNull()) // 'visitor' | 'staff'
      .addColumn("staff_id", "text", (c) => c.references("staff.id"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("client_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("chat_messages_seq_uq", ["lead_id", "seq"])
      .addUniqueConstraint("chat_messages_client_uq", ["lead_id", "client_id"])
      .execute();

    // A retried start is found by its first message's clientId.
    await db.schema.createIndex("chat_messages_client_idx").on("chat_messages").column("client_id").execute();

    await db.schema
      .createTable("chat_presence")
      .addColumn("staff_id", "text", (c) => c.primaryKey().references("staff.id").onDelete("cascade"))
      .addColumn("available", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("seen_at", "text")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("chat_presence").execute();
    await db.schema.dropTable("chat_messages").execute();
    await db.schema.dropTable("chat_conversations").execute();
  },
};
