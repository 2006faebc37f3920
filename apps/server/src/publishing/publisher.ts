import { KINDS, describeFileChange, kindOfFile } from "@site/content";
import type { ContentState, PublishRecord } from "@site/content/desk-api";
import type { AuditActorType } from "@site/contracts";
import type { FastifyBaseLogger } from "fastify";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Clock } from "../platform/clock";
import type { Database } from "../records/database";
import { recordAudit } from "../records/audit";
import { staffNameProblem } from "../records/staff/staff-name";
import type { BuildWorker } from "./build-worker";
import type { ContentRepo } from "./git-repo";
import type { PublishStore } from "./publish-store";

/** A content file in the editor's words: its kind's label, or "Image" for an upload. */
const labelOf = (file: string) => {
  const kind = kindOfFile(file);
  return kind ? KINDS[kind].label : "Image";
};

/** Who publishes: the commit's author, and the audit trail's actor. */
export interface Actor {
  staffId: string | null;
  name: string;
  email: string;
  audit: { actorType: AuditActorType; actor: string };
}

/** A publish or restore that cannot be made, with a code for the API and words for a person. */
export class PublishRefused extends Error {
  constructor(
    readonly code:
      | "nothing_to_publish"
      | "unpublished_changes"
      | "unknown_commit"
      | "already_current"
      | "author_name_refused",
    message: string,
  ) {
    super(message);
  }
}

export interface PublisherDeps {
  database: Database;
  clock: Clock;
  contentDir: string;
  repo: () => Promise<ContentRepo>;
  store: PublishStore;
  worker: BuildWorker;
  /** CONTENT_GIT_REMOTE: each publish's commit is pushed there too. */
  remote?: string;
  log: Pick<FastifyBaseLogger, "info" | "error">;
}

/**
 * Publishing: a git commit of content/ authored by the person, a row in the publish history and in
 * the audit trail, then a build in the background (build-worker.ts). Restore commits an earlier
 * version's content as a new commit and builds it the same way. Git work is one step at a time.
 */
export class Publisher {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: PublisherDeps) {}

  private exclusive<T>(step: () => Promise<T>): Promise<T> {
    const next = this.chain.then(step, step);
    this.chain = next.catch(() => {});
    return next;
  }

  /**
   * What a publish now would build on: the latest publish that did not fail (a failed one's changes
   * count as unpublished, so Publish tries them again), else the content before the first publish,
   * else the commit the checkout is at.
   */
  private async base(repo: ContentRepo): Promise<string> {
    const history = await this.deps.store.history();
    const latest = history.find((p) => p.status !== "failed");
    if (latest) return latest.commit;
    const first = history[history.length - 1];
    return (first && (await repo.parentOf(first.commit))?.commit) ?? repo.head();
  }

  async state(): Promise<ContentState> {
    const repo = await this.deps.repo();
    const history = await this.deps.store.history();
    const changes = (await repo.changesSince(await this.base(repo))).map((c) => ({
      ...c,
      label: labelOf(c.file),
    }));
    const live = history.find((p) => p.status === "live") ?? null;
    const liveIndex = live ? history.indexOf(live) : history.length;
    return {
      now: this.deps.clock.now().toISOString(),
      changes,
      live,
      building: history.find((p) => p.status === "building") ?? null,
      queued: history.filter((p) => p.status === "queued"),
      failed: history.slice(0, liveIndex).find((p) => p.status === "failed") ?? null,
      history,
      origin: history.length ? ((await repo.parentOf(history[history.length - 1]!.commit)) ?? null) : null,
    };
  }

  /** What changed in each file between `from` and `to` (a commit, or undefined for the files as they are now). */
  private async describe(repo: ContentRepo, files: string[], from: string, to?: string): Promise<string[]> {
    const lines: string[] = [];
    for (const file of files) {
      const before = await repo.fileAt(from, file);
      const after = to
        ? await repo.fileAt(to, file)
        : await readFile(path.join(this.deps.contentDir, file)).catch(() => undefined);
      lines.push(...describeFileChange(file, before, after).map((l) => `- ${file}: ${l}`));
    }
    return lines;
  }

  /**
   * A name stored before the invite's rules (staff-name.ts) that git cannot take as an author: refused
   * in words before any git step, instead of a commit that fails.
   */
  private checkAuthor(actor: Actor) {
    const problem = staffNameProblem(actor.name);
    if (!problem) return;
    throw new PublishRefused(
      "author_name_refused",
      `Not published: your name in the desk, ${JSON.stringify(actor.name)}, cannot be a commit's author (${problem}) ` +
        `Ask for a new invitation with another name: npm run leads -- staff invite ${actor.email} --name "Your Name".`,
    );
  }

  async publish(actor: Actor): Promise<PublishRecord> {
    this.checkAuthor(actor);
    return this.exclusive(async () => {
      const repo = await this.deps.repo();
      const base = await this.base(repo);
      const changes = await repo.changesSince(base);
      if (!changes.length) {
        throw new PublishRefused(
          "nothing_to_publish",
          "Nothing to publish: every saved change is live or being published.",
        );
      }
      const files = changes.map((c) => c.file);
      const lines = await this.describe(repo, files, base);
      const message = `Publish ${files.join(", ")}\n\n${lines.join("\n")}\n\nPublished by ${actor.name} <${actor.email}>.\n`;
      const commit = (await repo.hasUncommitted()) ? await repo.commit(message, actor) : await repo.head();
      return this.record(actor, { commit, kind: "publish", message, files });
    });
  }

  async restore(actor: Actor, commitId: string): Promise<PublishRecord> {
    this.checkAuthor(actor);
    return this.exclusive(async () => {
      const repo = await this.deps.repo();
      const commit = await repo.resolve(commitId);
      const tree = commit && (await repo.contentTree(commit));
      if (!commit || !tree)
        throw new PublishRefused("unknown_commit", `No version ${commitId} of the content exists.`);
      if ((await repo.changesSince(await this.base(repo))).length) {
        throw new PublishRefused(
          "unpublished_changes",
          "There are unpublished changes: publish them or undo them in the editor before restoring.",
        );
      }
      const head = await repo.head();
      if (tree === (await repo.contentTree(head))) {
        throw new PublishRefused("already_current", "That version is the content as it is now.");
      }
      const files = (await repo.changesSince(commit)).map((c) => c.file);
      const lines = await this.describe(repo, files, head, commit);
      const message = `Restore the content of ${commit.slice(0, 12)}\n\n${lines.join("\n")}\n\nRestored by ${actor.name} <${actor.email}>.\n`;
      await repo.checkoutContent(commit);
      const restored = await repo.commit(message, actor);
      return this.record(actor, { commit: restored, kind: "restore", restoredFrom: commit, message, files });
    });
  }

  private async record(
    actor: Actor,
    publish: {
      commit: string;
      kind: "publish" | "restore";
      restoredFrom?: string;
      message: string;
      files: string[];
    },
  ): Promise<PublishRecord> {
    const now = this.deps.clock.now();
    const record = await this.deps.database.db.transaction().execute(async (trx) => {
      const row = await this.deps.store.insert(
        trx,
        { ...publish, staffId: actor.staffId, author: { name: actor.name, email: actor.email } },
        now,
      );
      await recordAudit(
        trx,
        {
          ...actor.audit,
          action: `content.${publish.kind}`,
          detail: { publish: row.id, commit: publish.commit, files: publish.files.length },
        },
        now,
      );
      return row;
    });
    this.deps.log.info({ publish: record.id, commit: record.commit, kind: record.kind }, "content published");
    if (this.deps.remote) void this.push(record.id, this.deps.remote);
    void this.deps.worker.kick();
    return record;
  }

  /** Pushes to CONTENT_GIT_REMOTE (after the git step it follows); a failure is kept on the publish. */
  private push(id: string, remote: string): Promise<void> {
    return this.exclusive(async () => {
      try {
        await (await this.deps.repo()).push(remote);
        await this.deps.store.setPushError(id, null);
      } catch (err) {
        this.deps.log.error({ err, publish: id }, "content not pushed to CONTENT_GIT_REMOTE");
        await this.deps.store.setPushError(id, (err as Error).message).catch(() => {});
      }
    });
  }

  /** Resolves when the pushes and builds this process started are done (tests, the command line). */
  async settled(): Promise<void> {
    await this.chain;
    await this.deps.worker.idle();
  }
}
