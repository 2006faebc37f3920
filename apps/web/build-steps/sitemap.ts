// build/client/sitemap.xml: every indexable prerendered URL (site-paths.ts), absolute from SITE_URL;
// build/client/robots.txt: allow everything, point crawlers at the sitemap.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { indexablePaths } from "../app/lib/site-paths";

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Writes sitemap.xml; returns the number of URLs. */
export async function writeSitemap(clientDir: string, siteUrl: string): Promise<number> {
  // Same string as each page's canonical link ("&" in a path is legal; XML-escaped below).
  const urls = indexablePaths().map((p) => `${siteUrl}${p}`);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${xmlEscape(u)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  await writeFile(path.join(clientDir, "sitemap.xml"), xml);
  return urls.length;
}

export async function writeRobots(clientDir: string, siteUrl: string): Promise<void> {
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
  await writeFile(path.join(clientDir, "robots.txt"), body);
}
