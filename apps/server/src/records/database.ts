// The database as the server opens it: the platform's connection, with the forms' leads stored
// through the group commit (concurrent leads share one transaction; intake/lead-writer.ts).
import { type Connection, connectDatabase } from "../platform/db/database";
import { threadEntry } from "../platform/thread-entry";
import { type CreateResult, type LeadWrite, writeLeadBatch } from "./intake/lead-batch";
import { LeadWriter } from "./intake/lead-writer";

export interface Database extends Omit<Connection, "groupCommit"> {
  /**
   * Stores one lead through the group commit (LeadWriter): committed together with the leads
   * written concurrently, resolved once that transaction is durable. SQLite: the group commit runs
   * in the connection's thread.
   */
  writeLead(write: LeadWrite): Promise<CreateResult>;
}

/**
 * Opens the database of DATABASE_URL (SQLite or PostgreSQL) and runs the migrations (see
 * connectDatabase); aborting `signal` meanwhile rolls them back and closes it.
 */
export async function openDatabase(
  url: string,
  opts: { migrate?: boolean; signal?: AbortSignal } = {},
): Promise<Database> {
  const { groupCommit, ...connection } = await connectDatabase(url, {
    ...opts,
    // The SQLite thread's entry, built from intake/sqlite-thread.ts.
    sqliteThread: threadEntry("sqlite-thread"),
  });
  let writeLead: Database["writeLead"];
  // SQLite: in the connection's thread (intake/sqlite-thread.ts runs the same LeadWriter there).
  if (groupCommit) writeLead = (write) => groupCommit(write) as Promise<CreateResult>;
  else {
    const writer = new LeadWriter((writes) =>
      connection.db.transaction().execute((trx) => writeLeadBatch(trx, writes)),
    );
    writeLead = (write) => writer.write(write);
  }
  return { ...connection, writeLead };
}
