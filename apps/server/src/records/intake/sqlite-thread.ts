// The SQLite thread's entry (built to dist/sqlite-thread.js; records/database.ts starts it): the
// platform's thread, with the forms' leads as its group commit, so the leads that arrive while one
// transaction commits go together into the next, with no round trip to the event loop between.
import { serveGroupCommit } from "../../platform/db/sqlite-thread";
import { writeLeadBatch } from "./lead-batch";
import { LeadWriter } from "./lead-writer";

serveGroupCommit(
  (kysely, exclusive) => new LeadWriter((writes) => exclusive(() => writeLeadBatch(kysely, writes))),
);
