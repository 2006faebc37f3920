// The site's buildEnd (react-router.config.ts), after React Router has prerendered every page: the files
// derived from the content modules and company facts first, then finishPages.
import type { BuildSettings } from "./build-settings";
import { type BuildEndArgs, buildLog, builtApp, finishPages } from "./finish-pages";
import { writeIcons } from "./icons";
import { writeOgImage } from "./og-image";
import { writeRobots, writeSitemap } from "./sitemap";
import { writeWebManifest } from "./web-manifest";

export async function finishSiteBuild(
  args: BuildEndArgs,
  { siteUrl, serviceUrls, liveChat }: BuildSettings,
): Promise<void> {
  const { clientDir } = builtApp(args);
  const urls = await writeSitemap(clientDir, siteUrl);
  await writeRobots(clientDir, siteUrl);
  const icons = await writeIcons(clientDir);
  await writeWebManifest(clientDir);
  const ogBytes = await writeOgImage(clientDir, siteUrl);
  buildLog(args)(
    `sitemap.xml (${urls} URLs), robots.txt, ${icons.length} icons, site.webmanifest, og-image.png (${ogBytes} B)`,
  );
  await finishPages(args, serviceUrls, liveChat);
}
