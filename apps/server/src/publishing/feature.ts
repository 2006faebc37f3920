// Publishing: the desk's content editor (Keystatic's API on content/), publishing the site from it
// (a git commit, a build into a new release, an atomic switch) and its history.
import type { Context, Feature } from "../records/feature";
import { registerContentRoutes } from "./desk-routes";
import { registerEditorRoutes } from "./editor-routes";
import { contentService } from "./service";
import type { SiteBuilder } from "./site-builder";

/** What publishing reads besides the common context. */
type PublishingContext = Context & {
  /** How a publish builds the site (default: the real `react-router build`). */
  siteBuilder?: SiteBuilder | undefined;
};

/** In the desk role. Publishes left queued by a stopped server are built once this one is ready. */
export const publishingFeature: Feature<PublishingContext> = {
  roles: ["desk"],
  async register(app, { config, database, clock, siteBuilder }) {
    const { publisher, worker, repo } = contentService({
      config,
      database,
      clock,
      log: app.log,
      builder: siteBuilder,
    });
    registerEditorRoutes(app, { contentDir: config.CONTENT_DIR });
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
  },
};
