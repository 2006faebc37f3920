// The part of the build's end that any React Router app of this shape needs (the site, and the fixture
// app of the build tests): every prerendered page rewritten to paint first, then the site manifest, the
// static-host configs and the compressed copies, which come last so that they hash, list and compress
// everything written before them.
import type { Config } from "@react-router/dev/config";
import type { ServiceUrls } from "@site/site-policy/service-urls";
import path from "node:path";
import { listClientFiles } from "./client-files";
import { rewritePages } from "./rewrite-pages";
import { writeSiteArtifacts } from "./site-artifacts";

export type BuildEndArgs = Parameters<NonNullable<Config["buildEnd"]>>[0];

/** The build's client directory and the full path of every route ("services/:serviceType"). */
export function builtApp({ buildManifest, reactRouterConfig }: BuildEndArgs) {
  if (!buildManifest) throw new Error("buildEnd: React Router passed no build manifest");
  const routes = buildManifest.routes;
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    return [fullPath(route.parentId), route.path ?? ""].filter((p) => p !== "").join("/");
  };
  return {
    clientDir: path.join(reactRouterConfig.buildDirectory, "client"),
    routePaths: Object.keys(routes).map(fullPath),
  };
}

/** Logs a line of the build's end through Vite's logger (quiet under --logLevel warn). */
export const buildLog = (args: BuildEndArgs) => (message: string) =>
  args.viteConfig.logger.info(`build end: ${message}`);

/** Rewrites the prerendered pages and writes the manifest, static-host files and compressed copies. */
export async function finishPages(
  args: BuildEndArgs,
  serviceUrls: ServiceUrls,
  liveChat = false,
): Promise<void> {
  const { clientDir, routePaths } = builtApp(args);
  const log = buildLog(args);
  const pages = await rewritePages(clientDir, await listClientFiles(clientDir));
  log(`${Object.keys(pages).length} pages: stylesheet inlined, React Router's boot after the first paint`);
  await writeSiteArtifacts(clientDir, { serviceUrls, routePaths, pages, log, liveChat });
}
