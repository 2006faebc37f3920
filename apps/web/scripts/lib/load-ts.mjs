// Imports a TypeScript module of the app (content, lib) from a plain Node build script: esbuild
// bundles it in memory to ESM and we import that from a data: URL. Keeps app/ the single source.
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const clientDir = path.join(webRoot, "build", "client");

/** @param {string} relPath path from apps/web, e.g. "app/content/site-paths.ts" */
export async function loadTs(relPath) {
  const result = await build({
    entryPoints: [path.join(webRoot, relPath)],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
    alias: { "~": path.join(webRoot, "app") },
    // __SITE_URL__ is a Vite define; build scripts take the origin from site-url.ts instead.
    define: { __SITE_URL__: JSON.stringify("") },
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

/** The site origin exactly as the Vite build resolves it. */
export async function loadSiteUrl() {
  const { resolveSiteUrl } = await loadTs("app/lib/site-url.ts");
  return resolveSiteUrl(process.env.SITE_URL);
}
