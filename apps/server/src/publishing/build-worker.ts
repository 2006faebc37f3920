import { ContentError, loadSiteContent } from "@site/content";
import type { BuildError, PublishRecord } from "@site/content/desk-api";
import type { FastifyBaseLogger } from "fastify";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Clock } from "../platform/clock";
import { loadSiteBuild } from "../platform/static/site-build";
import type { ContentRepo } from "./git-repo";
import type { PublishStore } from "./publish-store";
import type { Releases } from "./releases";
import { BuildFailure, type SiteBuilder } from "./site-builder";

const run = promisify(execFile);

export interface BuildWorkerDeps {
  store: PublishStore;
  repo: () => Promise<ContentRepo>;
  releases: Releases;
  builder: SiteBuilder;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  /** How long a claimed build stays this worker's without a renewal (renewed every third of it). */
  leaseMs?: number;
  /** SITE_SWITCH_COMMAND: run after `live` points at a new build (e.g. to reload nginx). */
  afterSwitch?: string;
}

/**
 * Builds queued publishes, one at a time: the newest queued publish's commit is exported, its content
 * validated (a problem stops here, with its file and field), the site built into a new release folder,
 * that build read as the site would read it, and only then `live` switched to it. A failure at any
 * step leaves the live site as it was. Publishes queued meanwhile are built together next.
 */
export class BuildWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private readonly stopping = new AbortController();
  private readonly leaseMs: number;

  constructor(private readonly deps: BuildWorkerDeps) {
    this.leaseMs = deps.leaseMs ?? 2 * 60_000;
  }

  /** Builds what is queued, unless this worker is building already (then it looks again when done). */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain();
      } while (this.again);
    })()
      .catch((err: Error) => this.deps.log.error({ err }, "content build worker stopped"))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops the build under way (its publish fails: "publish again") and builds nothing more. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  /** Resolves once nothing this worker started is building (tests, the command line). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain() {
    while (!this.stopping.signal.aborted) {
      const publish = await this.deps.store.claimNext(this.deps.clock.now(), this.leaseMs);
      if (!publish) return;
      await this.buildOne(publish);
    }
  }

  private async runAfterSwitch(command: string, dir: string) {
    try {
      await run("sh", ["-c", command], { env: { ...process.env, SITE_RELEASE: dir }, timeout: 60_000 });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      this.deps.log.error({ command, reason: (e.stderr || e.message).trim() }, "SITE_SWITCH_COMMAND failed");
    }
  }

  private async buildOne(publish: PublishRecord) {
    const { store, releases, clock, log } = this.deps;
    const renew = setInterval(
      () => void store.renewLease(publish.id, new Date(clock.now().getTime() + this.leaseMs)).catch(() => {}),
      Math.max(1000, this.leaseMs / 3),
    );
    renew.unref();
    const work = await mkdtemp(path.join(os.tmpdir(), "content-build-"));
    let release: { name: string; dir: string } | undefined;
    const fail = async (error: BuildError) => {
      if (release) await releases.remove(release.name).catch(() => {});
      await store.markFailed(publish.id, error, clock.now());
      log.error(
        { publish: publish.id, commit: publish.commit, reason: error.message },
        "content build failed",
      );
    };
    try {
      log.info({ publish: publish.id, commit: publish.commit }, "content build started");
      const contentDir = path.join(work, "content");
      await mkdir(contentDir);
      await (await this.deps.repo()).exportTo(publish.commit, contentDir);
      try {
        loadSiteContent(contentDir);
      } catch (err) {
        if (!(err instanceof ContentError)) throw err;
        return await fail({
          message: "The content has problems, so the site was not rebuilt.",
          issues: err.issues,
        });
      }
      release = await releases.create(publish.commit, clock.now());
      try {
        const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(15 * 60_000)]);
        await this.deps.builder.build({ contentDir, outputDir: release.dir, signal });
      } catch (err) {
        if (this.stopping.signal.aborted) {
          return await fail({ message: "The server stopped during the build: publish again." });
        }
        if (!(err instanceof BuildFailure)) throw err;
        return await fail({ message: err.message, log: err.log });
      }
      try {
        await loadSiteBuild(path.join(release.dir, "client"));
      } catch (err) {
        return await fail({ message: `The new build cannot be served: ${(err as Error).message}` });
      }
      await releases.switchTo(release.name);
      await store.markLive(publish.id, release.name, clock.now());
      if (this.deps.afterSwitch) await this.runAfterSwitch(this.deps.afterSwitch, release.dir);
      log.info({ publish: publish.id, commit: publish.commit, release: release.name }, "content build live");
      await releases.prune().catch((err: Error) => log.error({ err }, "old site releases not removed"));
    } catch (err) {
      await fail({ message: `The publish could not be built: ${(err as Error).message}` }).catch(() => {});
    } finally {
      clearInterval(renew);
      await rm(work, { recursive: true, force: true }).catch(() => {});
    }
  }
}
