import { existsSync } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../platform/config/config";
import { type SiteBuild, loadSiteBuild } from "../platform/static/site-build";

/** The publishes' link to the build they made live (content/releases.ts writes it). */
const liveClientDir = (releasesDir: string) => path.join(releasesDir, "live", "client");

/**
 * The folder the site serves: WEB_BUILD_DIR; when it is unset, the live publish once there is one
 * (SITE_RELEASES_DIR/live/client), else the build `npm run build` writes.
 */
function servedBuildDir(
  config: Pick<Config, "WEB_BUILD_DIR" | "webBuildDirIsDefault" | "SITE_RELEASES_DIR">,
) {
  const live = liveClientDir(config.SITE_RELEASES_DIR);
  return config.webBuildDirIsDefault && existsSync(live) ? live : config.WEB_BUILD_DIR;
}

export interface LiveSiteBuild {
  /** The build to answer this request from (each request reads it once: never half of two builds). */
  current(): SiteBuild;
  /** The real folder the current build was read from. */
  readonly source: string;
  close(): void;
}

/**
 * The site's build, held in memory and replaced without a restart when the served folder leads to
 * another build: a publish links `live` to a new folder (an atomic rename), and every instance that
 * serves that path, on this machine or on shared storage, notices within SITE_BUILD_POLL_MS (one
 * realpath call), reads the new build completely, then swaps it in. A build that cannot be read is
 * logged and the old one kept.
 */
export async function watchSiteBuild(config: Config, log: FastifyBaseLogger): Promise<LiveSiteBuild> {
  const first = await realpath(servedBuildDir(config)).catch(() => servedBuildDir(config));
  let build = await loadSiteBuild(first);
  let source = first;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      const next = await realpath(servedBuildDir(config));
      if (next === source) return;
      const loaded = await loadSiteBuild(next);
      build = loaded;
      source = next;
      log.info({ build: next, files: loaded.byFile.size }, "site build switched");
    })()
      .catch((err: Error) => log.error({ err }, "site build not switched: the new build cannot be read"))
      .finally(() => {
        busy = false;
      });
  }, config.SITE_BUILD_POLL_MS);
  timer.unref();
  return {
    current: () => build,
    get source() {
      return source;
    },
    close: () => clearInterval(timer),
  };
}
