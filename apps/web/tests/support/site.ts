import { indexablePaths, noindexPaths, prerenderPaths } from "../../app/content/site-paths";
import { resolveSiteUrl } from "../../app/lib/site-url";

/** Every prerendered route, indexable or not: the lists the build and the sitemap use. */
export const routes = prerenderPaths();
export const indexableRoutes = indexablePaths();
export const noindexRoutes = noindexPaths;

/** The origin the build baked into canonicals (same SITE_URL as `npm run build` saw). */
export const siteUrl = resolveSiteUrl(process.env.SITE_URL);
export const canonicalFor = (path: string) => `${siteUrl}${path}`;

/** Nested pages (two or more segments) carry a BreadcrumbList. */
export const isNested = (path: string) => path.split("/").filter(Boolean).length >= 2;

/**
 * FIXME(after merge of the pages branch): the dynamic route modules (service, product and job
 * detail) are still stubs here without a `meta` export, so their pages have no <title> (an axe
 * "document-title" violation). Empty this list once the pages branch is merged.
 */
export const stubRoutesWithoutTitle: readonly string[] = routes.filter(isNested);
