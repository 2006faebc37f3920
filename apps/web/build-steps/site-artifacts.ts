// Everything a server or a static host needs beside the prerendered files, written last so that it
// sees every file the earlier steps wrote:
//   build/site-manifest.json   each page's inline hashes, the service origins, the dynamic routes (site server)
//   build/client/_headers      Netlify / Cloudflare Pages headers: per-page CSP, security headers, caching
//   build/client/_redirects    Netlify: unknown dynamic ids → SPA fallback (404), anything else → 404 page
//   build/nginx-site.conf      the same rules for nginx (include inside a server block)
//   *.br / *.gz                precompressed copies of compressible files
// The policy itself is @site/site-policy's, which the site server reads too.
import {
  type PageHashes,
  SITE_MANIFEST_FILE,
  type ServiceUrls,
  type SiteManifest,
  dynamicRoutePrefixes,
  headersFile,
  nginxConf,
  precompress,
  redirectsFile,
  serviceOrigins,
  siteManifestSchema,
} from "@site/site-policy";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { listClientFiles } from "./client-files";
import { parseHtml } from "./html-tree";
import { inlineHashes } from "./page-hashes";

export interface SiteArtifactsOptions {
  /** Where the forms post; their origins are the CSP's connect-src. */
  serviceUrls: ServiceUrls;
  /** The route table's paths ("services/:serviceType"); the dynamic ones get the SPA fallback. */
  routePaths: readonly string[];
  /** LIVE_CHAT=on: recorded in the manifest (issue 27). */
  liveChat?: boolean;
  /**
   * The inline hashes of each HTML file, when the caller has them from its own parse (the page
   * rewrite); otherwise every HTML file of the build is parsed and hashed here.
   */
  pages?: Readonly<Record<string, PageHashes>>;
  log?: (message: string) => void;
}

/** Writes the site manifest, the static-host configs and the compressed copies for a client build. */
export async function writeSiteArtifacts(
  clientDir: string,
  options: SiteArtifactsOptions,
): Promise<SiteManifest> {
  const { serviceUrls, routePaths, log = console.log } = options;
  const buildDir = path.dirname(clientDir);
  const files = await listClientFiles(clientDir);
  const pages = options.pages ?? (await hashPages(clientDir, files));
  const manifest = siteManifestSchema.parse({
    version: 3,
    connectOrigins: serviceOrigins(serviceUrls),
    dynamicRoutePrefixes: dynamicRoutePrefixes(routePaths),
    pages,
    liveChat: options.liveChat ?? false,
  } satisfies SiteManifest);
  await writeFile(path.join(buildDir, SITE_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(clientDir, "_headers"), headersFile(manifest, files));
  await writeFile(path.join(clientDir, "_redirects"), redirectsFile(manifest));
  await writeFile(path.join(buildDir, "nginx-site.conf"), nginxConf(manifest));
  const compressed = await precompress(clientDir, files);
  const distinct = (kind: keyof PageHashes) => new Set(Object.values(pages).flatMap((p) => p[kind])).size;
  log(
    `${SITE_MANIFEST_FILE}: ${Object.keys(pages).length} HTML files (${distinct("scriptHashes")} distinct ` +
      `inline-script and ${distinct("styleHashes")} inline-style hashes), connect-src ` +
      `${manifest.connectOrigins.join(" ")}, dynamic routes ${manifest.dynamicRoutePrefixes.join(" ")}; ` +
      `_headers, _redirects, nginx-site.conf; ${compressed} precompressed files; live chat ${manifest.liveChat ? "on" : "off"}`,
  );
  return manifest;
}

async function hashPages(clientDir: string, files: readonly string[]): Promise<Record<string, PageHashes>> {
  const pages: Record<string, PageHashes> = {};
  for (const file of files.filter((f) => f.endsWith(".html"))) {
    pages[file] = inlineHashes(parseHtml(await readFile(path.join(clientDir, file), "utf8")));
  }
  return pages;
}
