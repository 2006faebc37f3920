// What the build tells the site server and the static-host configs about the client build: each
// page's inline hashes, the service origins, and the dynamic routes (from app/routes.ts). Written by
// the web build beside (not inside) build/client; read by the site server at start-up.
import { z } from "zod";

/** File name of the manifest, beside the client build directory. */
export const SITE_MANIFEST_FILE = "site-manifest.json";
/** Prerendered page served with status 404 for paths that match no route. */
export const NOT_FOUND_FILE = "404/index.html";
/** React Router's SPA fallback, served with status 404 for unknown ids of the dynamic routes. */
export const SPA_FALLBACK_FILE = "__spa-fallback.html";
/** Build-host files that are never served (static-host config). */
export const STATIC_HOST_FILES: readonly string[] = ["_headers", "_redirects"];

const pageHashes = z.object({ scriptHashes: z.array(z.string()), styleHashes: z.array(z.string()) });

export const siteManifestSchema = z.object({
  version: z.literal(3),
  /** Origins of the lead services the pages post to (the CSP's connect-src). */
  connectOrigins: z.array(z.string()),
  /** "/services/" for the route "services/:serviceType": one extra segment renders the SPA fallback. */
  dynamicRoutePrefixes: z.array(z.string().regex(/^\/.+\/$/)),
  /** Inline script and style hash sources per HTML file, keyed by path relative to the client build. */
  pages: z.record(z.string(), pageHashes),
  /** Built with LIVE_CHAT=on (issue 27): \`npm start\` rebuilds when the variable says otherwise. */
  liveChat: z.boolean().default(false),
});

export type SiteManifest = z.infer<typeof siteManifestSchema>;

/** URL path ("/about", "/") of a prerendered page file ("about/index.html", "index.html"), or null. */
export function pagePathOf(file: string): string | null {
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"/index.html".length)}`;
  return null;
}

/** True when a decoded path is one segment under a dynamic route prefix (/services/:serviceType). */
export function matchesDynamicRoute(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => {
    if (!pathname.startsWith(prefix)) return false;
    const rest = pathname.slice(prefix.length).replace(/\/$/, "");
    return rest.length > 0 && !rest.includes("/");
  });
}

/**
 * The prefixes of the routes with exactly one dynamic segment at the end ("services/:serviceType" →
 * "/services/"), from React Router's route paths.
 */
export function dynamicRoutePrefixes(routePaths: readonly string[]): string[] {
  const prefixes = routePaths
    .map((p) => /^\/?((?:[^/:*]+\/)+):[^/]+$/.exec(p)?.[1])
    .filter((p): p is string => p !== undefined)
    .map((p) => `/${p}`);
  return [...new Set(prefixes)].sort();
}
