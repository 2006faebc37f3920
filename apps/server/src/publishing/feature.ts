import type { FastifyInstance } from "fastify";
import type { Clock } from "../platform/clock";
import type { Config } from "../platform/config/config";
import type { Database } from "../records/database";
import { registerContentRoutes } from "./desk-routes";
import { registerEditorRoutes } from "./editor-routes";
import { contentService } from "./service";
import type { SiteBuilder } from "./site-builder";

/**
 * The content domain in the desk role: the editor's API, publishing and its history. Publishes left
 * queued by a stopped server are built once this one is ready.
 */
export function registerContent(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: Clock; siteBuilder?: SiteBuilder },
) {
  const { publisher, worker, repo } = contentService({ ...deps, log: app.log, builder: deps.siteBuilder });
  registerEditorRoutes(app, { contentDir: deps.config.CONTENT_DIR });
  registerContentRoutes(app, { publisher });
  app.addHook("onReady", async () => {
    // Where content/ is in no repository (an unpacked release), one is made now, holding the content
    // as deployed, before any edit.
    await repo().catch((err: Error) => app.log.error({ err }, "content publishing unavailable"));
    void worker.kick();
  });
  app.addHook("onClose", async () => {
    await worker.stop();
  });
}
