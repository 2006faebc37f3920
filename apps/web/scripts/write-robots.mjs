// build/client/robots.txt: allow everything, point crawlers at the absolute sitemap URL.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { clientDir, loadSiteUrl } from "./lib/load-ts.mjs";

export async function writeRobots() {
  const siteUrl = await loadSiteUrl();
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
  await writeFile(path.join(clientDir, "robots.txt"), body);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeRobots();
  console.log("robots.txt written");
}
