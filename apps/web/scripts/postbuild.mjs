// Runs after `react-router build`: files derived from the content modules and company facts.
import { makeIcons } from "./make-icons.mjs";
import { makeOgImage } from "./make-og-image.mjs";
import { writeRobots } from "./write-robots.mjs";
import { writeSitemap } from "./write-sitemap.mjs";

const urls = await writeSitemap();
await writeRobots();
const icons = await makeIcons();
const ogBytes = await makeOgImage();
console.log(
  `postbuild: sitemap.xml (${urls} URLs), robots.txt, ${icons.length} icon files, og-image.png (${ogBytes} B)`,
);
