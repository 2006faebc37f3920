// Runs after `react-router build`. Files derived from the content modules and company facts first,
// then every page is rewritten for a fast first paint (optimize-pages.mjs); the LAST step hashes inline
// scripts and styles (CSP), writes _headers / _redirects / nginx-site.conf and precompresses
// everything, so it must see every file the earlier steps wrote.
import { fileURLToPath } from "node:url";
import { makeIcons } from "./make-icons.mjs";
import { makeOgImage } from "./make-og-image.mjs";
import { optimizePages } from "./optimize-pages.mjs";
import { writeRobots } from "./write-robots.mjs";
import { writeSitemap } from "./write-sitemap.mjs";
import { listFiles, writeStaticArtifacts } from "./static-artifacts.mjs";

const clientDir = fileURLToPath(new URL("../build/client", import.meta.url));

const urls = await writeSitemap();
await writeRobots();
const icons = await makeIcons();
const ogBytes = await makeOgImage();
console.log(
  `postbuild: sitemap.xml (${urls} URLs), robots.txt, ${icons.length} icon files, og-image.png (${ogBytes} B)`,
);

// Before the CSP manifest, which hashes the inline style and scripts of each page.
const optimized = await optimizePages(clientDir, await listFiles(clientDir));
console.log(
  `postbuild: ${optimized.pages} HTML files: inlined ${optimized.stylesheets.join(", ") || "no stylesheet"}, boot after first paint`,
);

await writeStaticArtifacts({ clientDir });
