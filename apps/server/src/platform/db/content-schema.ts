/** Row type of the content publishing table (migration 0008). Times are ISO strings (UTC). */
export type PublishStatus = "queued" | "building" | "live" | "failed" | "superseded" | "replaced";

export interface ContentPublishesTable {
  id: string;
  /** The git commit of content/ this publish made (a restore's commit holds the earlier version). */
  commit_sha: string;
  kind: "publish" | "restore";
  /** A restore: the commit whose content it brought back. */
  restored_from: string | null;
  /** The desk member who published; null from the command line. */
  staff_id: string | null;
  /** The commit's author: the member's name and desk e-mail (or the shell user's). */
  author_name: string;
  author_email: string;
  /** The commit message: what changed, file by file. */
  message: string;
  /** JSON array of the changed files, relative to content/. */
  files: string;
  created_at: string;
  status: PublishStatus;
  build_started_at: string | null;
  build_finished_at: string | null;
  /** While building: the builder holds the build until then (renewed), so a dead builder's is retaken. */
  lease_until: string | null;
  /** The folder of SITE_RELEASES_DIR/releases the build went to. */
  release: string | null;
  /** JSON { message, issues?, log? } when the build failed. */
  error: string | null;
  /** Why pushing to CONTENT_GIT_REMOTE failed, if it did. */
  push_error: string | null;
}

export interface ContentTables {
  content_publishes: ContentPublishesTable;
}
