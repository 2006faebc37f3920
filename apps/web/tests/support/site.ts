import { indexablePaths, noindexPaths, notFoundPath, prerenderPaths } from "../../app/lib/site-paths";
import { resolveSiteUrl } from "../../app/lib/site-url";

/** Every prerendered route, indexable or not: the lists the build and the sitemap use. */
export const routes = prerenderPaths();
export const indexableRoutes = indexablePaths();
export const noindexRoutes = noindexPaths;
/** Every prerendered page except the 404 page. */
export const pageRoutes = routes.filter((p) => p !== notFoundPath);

/** The origin the build baked into canonicals (same SITE_URL as `npm run build` saw). */
export const siteUrl = resolveSiteUrl(process.env.SITE_URL);
export const canonicalFor = (path: string) => `${siteUrl}${path}`;

/** Nested pages (two or more segments) carry a BreadcrumbList. */
export const isNested = (path: string) => path.split("/").filter(Boolean).length >= 2;
