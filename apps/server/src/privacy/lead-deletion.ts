// How a purge and an erasure delete leads: a bounded number per transaction, each transaction with its
// audit row, then the SQLite WAL emptied of the pages that held them.
import type { Kysely } from "kysely";
import type { Database } from "../records/database";
import type { DB } from "../platform/db/schema";
import { forgetDeliveries } from "../records/outbox/queue";

/**
 * Leads deleted per transaction. On SQLite each lead's tokens leave the search index inside the
 * deleting transaction (migration 0007), 10–20 ms a lead at 100,000 leads: a transaction of this many
 * holds the writer, and the lead intake waiting behind it, for well under a second
 * (`npm run bench:erasure`).
 */
export const DELETE_CHUNK = 25;

export interface DeletedLead {
  id: string;
  is_spam: number;
}

/**
 * Deletes the leads `ids` with their deliveries, idempotency keys and chats (a consultation's rows go
 * by their foreign keys' cascade); the rows actually deleted.
 */
async function deleteLeads(trx: Kysely<DB>, ids: readonly string[]): Promise<DeletedLead[]> {
  if (ids.length === 0) return [];
  await trx.deleteFrom("idempotency_keys").where("lead_id", "in", ids).execute();
  await forgetDeliveries(trx, ids);
  // A chat's messages and conversation (issue 27).
  await trx.deleteFrom("chat_messages").where("lead_id", "in", ids).execute();
  await trx.deleteFrom("chat_conversations").where("lead_id", "in", ids).execute();
  return trx.deleteFrom("leads").where("id", "in", ids).returning(["id", "is_spam"]).execute();
}

/**
 * Deletes the leads `select` finds, DELETE_CHUNK per transaction. `select` is asked for at most
 * DELETE_CHUNK + 1 ids, so the last transaction is known. `record` runs in each transaction with the
 * leads it deleted (the audit row, which commits with them); `last` is true in the final one, where an
 * action also removes what else it removes. Several processes deleting at once is safe: each deletes
 * what is still there. Then empties the SQLite WAL (Database.truncateWal) when a lead was deleted.
 */
export async function deleteLeadsInChunks<T>(
  database: Database,
  select: (trx: Kysely<DB>, limit: number) => Promise<string[]>,
  record: (trx: Kysely<DB>, deleted: DeletedLead[], last: boolean) => Promise<T>,
): Promise<{ deleted: DeletedLead[]; last: T; walTruncated: boolean | null }> {
  const deleted: DeletedLead[] = [];
  for (;;) {
    const step = await database.db.transaction().execute(async (trx) => {
      const ids = await select(trx, DELETE_CHUNK + 1);
      const last = ids.length <= DELETE_CHUNK;
      const rows = await deleteLeads(trx, ids.slice(0, DELETE_CHUNK));
      return { rows, last, result: await record(trx, rows, last) };
    });
    deleted.push(...step.rows);
    if (step.last) {
      const walTruncated = deleted.length > 0 ? await database.truncateWal() : null;
      return { deleted, last: step.result, walTruncated };
    }
  }
}
