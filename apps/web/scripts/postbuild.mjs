// Runs after `react-router build`. Files derived from the content modules and company facts first;
// the LAST step hashes inline scripts (CSP), writes _headers / _redirects / nginx-site.conf and
// precompresses everything, so it must see every file the earlier steps wrote.
import { fileURLToPath } from "node:url";
import { makeIcons } from "./make-icons.mjs";
import { makeOgImage } from "./make-og-image.mjs";
import { writeRobots } from "./write-robots.mjs";
import { writeSitemap } from "./write-sitemap.mjs";
import { writeStaticArtifacts } from "./static-artifacts.mjs";

const clientDir = fileURLToPath(new URL("../build/client", import.meta.url));

const urls = await writeSitemap();
await writeRobots();
const icons = await makeIcons();
const ogBytes = await makeOgImage();
console.log(
  `postbuild: sitemap.xml (${urls} URLs), robots.txt, ${icons.length} icon files, og-image.png (${ogBytes} B)`,
);

await writeStaticArtifacts({ clientDir });
