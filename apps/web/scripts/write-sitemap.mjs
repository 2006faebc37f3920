// build/client/sitemap.xml: every indexable prerendered URL (site-paths.ts), absolute from SITE_URL.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { clientDir, loadSiteUrl, loadTs } from "./lib/load-ts.mjs";

const xmlEscape = (s) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function writeSitemap() {
  const [{ indexablePaths }, siteUrl] = await Promise.all([
    loadTs("app/content/site-paths.ts"),
    loadSiteUrl(),
  ]);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`sitemap.xml: ${await writeSitemap()} URLs`);
}
