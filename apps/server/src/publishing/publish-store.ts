import type { BuildError, PublishRecord } from "@site/content/desk-api";
import type { Kysely, Selectable } from "kysely";
import type { ContentPublishesTable, PublishStatus } from "../platform/db/content-schema";
import type { DB } from "../platform/db/schema";
import { newLeadId } from "../platform/ids";

type Row = Selectable<ContentPublishesTable>;

function toRecord(row: Row): PublishRecord {
  return {
    id: row.id,
    commit: row.commit_sha,
    kind: row.kind,
    restoredFrom: row.restored_from,
    author: { name: row.author_name, email: row.author_email },
    message: row.message,
    files: JSON.parse(row.files) as string[],
    createdAt: row.created_at,
    status: row.status,
    buildStartedAt: row.build_started_at,
    buildFinishedAt: row.build_finished_at,
    error: row.error ? (JSON.parse(row.error) as BuildError) : null,
    pushError: row.push_error,
  };
}

export interface NewPublish {
  commit: string;
  kind: "publish" | "restore";
  restoredFrom?: string;
  staffId: string | null;
  author: { name: string; email: string };
  message: string;
  files: string[];
}

/** The publishes and their builds' course, in the database every desk instance shares. */
export class PublishStore {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * A queued publish, written in `trx` (the transaction of its audit row). Its time is after every
   * earlier publish's, even within one millisecond: the history's order is the order of publishing.
   */
  async insert(trx: Kysely<DB>, publish: NewPublish, now: Date): Promise<PublishRecord> {
    const latest = await trx
      .selectFrom("content_publishes")
      .select("created_at")
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    const after = latest ? new Date(latest.created_at).getTime() + 1 : 0;
    const at = new Date(Math.max(now.getTime(), after));
    const row: Row = {
      id: newLeadId(at),
      commit_sha: publish.commit,
      kind: publish.kind,
      restored_from: publish.restoredFrom ?? null,
      staff_id: publish.staffId,
      author_name: publish.author.name,
      author_email: publish.author.email,
      message: publish.message,
      files: JSON.stringify(publish.files),
      created_at: at.toISOString(),
      status: "queued",
      build_started_at: null,
      build_finished_at: null,
      lease_until: null,
      release: null,
      error: null,
      push_error: null,
    };
    await trx.insertInto("content_publishes").values(row).execute();
    return toRecord(row);
  }

  async get(id: string): Promise<PublishRecord | undefined> {
    const row = await this.db
      .selectFrom("content_publishes")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Newest first. */
  async history(limit = 200): Promise<PublishRecord[]> {
    const rows = await this.db
      .selectFrom("content_publishes")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /**
   * Takes the newest queued publish for building, unless a build is under way (one at a time); the
   * older queued ones are built with it (superseded: its commit holds their changes). A build whose
   * builder stopped renewing its lease (the process died) is marked failed first.
   */
  async claimNext(now: Date, leaseMs: number): Promise<PublishRecord | null> {
    const at = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("content_publishes")
        .set({
          status: "failed",
          build_finished_at: at,
          lease_until: null,
          error: JSON.stringify({
            message: "The build was interrupted (the server building it stopped). Publish again.",
          }),
        })
        .where("status", "=", "building")
        .where("lease_until", "<", at)
        .execute();
      const busy = await trx
        .selectFrom("content_publishes")
        .select("id")
        .where("status", "=", "building")
        .executeTakeFirst();
      if (busy) return null;
      const next = await trx
        .selectFrom("content_publishes")
        .selectAll()
        .where("status", "=", "queued")
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (!next) return null;
      const claimed = await trx
        .updateTable("content_publishes")
        .set({
          status: "building",
          build_started_at: at,
          lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        })
        .where("id", "=", next.id)
        .where("status", "=", "queued")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      await trx
        .updateTable("content_publishes")
        .set({ status: "superseded" })
        .where("status", "=", "queued")
        .where("created_at", "<=", next.created_at)
        .where("id", "!=", next.id)
        .execute();
      return toRecord({ ...next, status: "building", build_started_at: at });
    });
  }

  async renewLease(id: string, until: Date): Promise<void> {
    await this.db
      .updateTable("content_publishes")
      .set({ lease_until: until.toISOString() })
      .where("id", "=", id)
      .where("status", "=", "building")
      .execute();
  }

  /** This publish is what the site serves now; the one before it was replaced. */
  async markLive(id: string, release: string, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("content_publishes")
        .set({ status: "replaced" })
        .where("status", "=", "live")
        .execute();
      await this.finish(trx, id, "live", now, { release });
    });
  }

  async markFailed(id: string, error: BuildError, now: Date): Promise<void> {
    await this.finish(this.db, id, "failed", now, { error: JSON.stringify(error) });
  }

  private async finish(
    db: Kysely<DB>,
    id: string,
    status: PublishStatus,
    now: Date,
    more: Partial<Pick<Row, "release" | "error">>,
  ) {
    await db
      .updateTable("content_publishes")
      .set({ status, build_finished_at: now.toISOString(), lease_until: null, ...more })
      .where("id", "=", id)
      .execute();
  }

  async setPushError(id: string, message: string | null): Promise<void> {
    await this.db
      .updateTable("content_publishes")
      .set({ push_error: message })
      .where("id", "=", id)
      .execute();
  }
}
