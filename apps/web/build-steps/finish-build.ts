// The end of `react-router build` (its buildEnd hook, after every page is prerendered): the files
// derived from the content modules, then the page rewrite, then the manifest and static-host files,
// which must come last so that they hash, list and compress everything written before them.
import type { Config } from "@react-router/dev/config";
import path from "node:path";
import type { BuildSettings } from "./build-settings";
import { listClientFiles } from "./client-files";
import { writeIcons } from "./icons";
import { writeOgImage } from "./og-image";
import { rewritePages } from "./rewrite-pages";
import { writeSiteArtifacts } from "./site-artifacts";
import { writeRobots, writeSitemap } from "./sitemap";
import { writeWebManifest } from "./web-manifest";

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

/** Rewrites the prerendered pages and writes the manifest, static-host files and compressed copies. */
export async function finishPages(args: BuildEndArgs, settings: Pick<BuildSettings, "serviceUrls">) {
  const { clientDir, routePaths } = builtApp(args);
  const pages = await rewritePages(clientDir, await listClientFiles(clientDir));
  log(`${Object.keys(pages).length} pages: stylesheet inlined, boot after the first paint`);
  await writeSiteArtifacts(clientDir, { serviceUrls: settings.serviceUrls, routePaths, pages, log });
}

/** The site's buildEnd: the content-derived files, then finishPages. */
export async function finishSiteBuild(args: BuildEndArgs, settings: BuildSettings): Promise<void> {
  const { clientDir } = builtApp(args);
  const urls = await writeSitemap(clientDir, settings.siteUrl);
  await writeRobots(clientDir, settings.siteUrl);
  const icons = await writeIcons(clientDir);
  await writeWebManifest(clientDir);
  const ogBytes = await writeOgImage(clientDir, settings.siteUrl);
  log(`sitemap.xml (${urls} URLs), robots.txt, ${icons.length} icons, site.webmanifest, og-image.png (${ogBytes} B)`);
  await finishPages(args, settings);
}

const log = (message: string) => console.log(`build end: ${message}`);
