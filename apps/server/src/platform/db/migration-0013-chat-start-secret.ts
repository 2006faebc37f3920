import type { Kysely, Migration } from "kysely";

/**
 * A retried chat start proves it is the same client (issue 33): the panel makes a secret for each
 * start and sends it with every try; only its SHA-256 (hex) is kept, and a retry that does not repeat
 * it gets no token. Conversations started before this migration have none: no retry finds them.
 */
export const chatStartSecretMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("chat_conversations").addColumn("start_secret_hash", "text").execute();
  },
};
