import type { FastifyBaseLogger } from "fastify";
import path from "node:path";
import type { Clock } from "../platform/clock";
import { type Config, repoRoot } from "../platform/config/config";
import type { Database } from "../records/database";
import { BuildWorker } from "./build-worker";
import { ContentRepo } from "./git-repo";
import { PublishStore } from "./publish-store";
import { Publisher } from "./publisher";
import { Releases } from "./releases";
import { type SiteBuilder, reactRouterBuilder } from "./site-builder";

/** The web app a publish builds (this checkout's or this release's apps/web). */
const WEB_APP_DIR = path.join(repoRoot, "apps", "web");

/** The content domain's parts for one process (the desk role, or the content command). */
export function contentService(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  /** The site's build; the real `react-router build` unless a test gives another. */
  builder?: SiteBuilder;
}) {
  const { config, database, clock, log } = deps;
  let opened: Promise<ContentRepo> | undefined;
  const repo = () => {
    opened ??= ContentRepo.open(config.CONTENT_DIR).catch((err: Error) => {
      opened = undefined;
      throw err;
    });
    return opened;
  };
  const store = new PublishStore(database.db);
  const worker = new BuildWorker({
    store,
    repo,
    releases: new Releases(config.SITE_RELEASES_DIR),
    builder: deps.builder ?? reactRouterBuilder(WEB_APP_DIR),
    clock,
    log,
    afterSwitch: config.SITE_SWITCH_COMMAND,
  });
  const publisher = new Publisher({
    database,
    clock,
    contentDir: config.CONTENT_DIR,
    repo,
    store,
    worker,
    remote: config.CONTENT_GIT_REMOTE,
    log,
  });
  return { publisher, worker, store, repo };
}
