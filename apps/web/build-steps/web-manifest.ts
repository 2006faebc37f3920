// build/client/site.webmanifest: the installed app's name, colours and icons (written by icons.ts).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { company } from "@site/content/data/company";
import { brand, iconFiles } from "../app/lib/brand";

export async function writeWebManifest(clientDir: string): Promise<void> {
  const manifest = {
    name: company.name,
    short_name: company.name.split(" ").slice(0, 2).join(" "),
    description: company.tagline,
    lang: "en-GB",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: brand.themeColor,
    background_color: brand.backgroundColor,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  const file = path.join(clientDir, iconFiles.manifest.replace(/^\//, ""));
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
}
