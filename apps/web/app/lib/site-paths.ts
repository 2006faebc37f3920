import { jobs } from "@site/content/data/jobs";
import { jobHref } from "./jobs";
import { productHref, productIds } from "./products";
import { serviceSlugs } from "./services";

/** Prerendered 404 page, served with status 404 for paths that match no route. Not in the sitemap. */
export const notFoundPath = "/404";

/** The spec's static routes (§2 route table). */
const staticPaths = [
  "/",
  "/about",
  "/services",
  "/packages",
  "/careers",
  "/contact",
  "/quote",
  "/consultation",
  "/login",
  "/register",
  "/privacy",
] as const;

/** Every URL that is prerendered to HTML, generated from the content modules. */
export function prerenderPaths(): string[] {
  return [
    ...staticPaths,
    ...serviceSlugs.map((slug) => `/services/${slug}`),
    ...productIds.map(productHref),
    ...jobs.map((j) => jobHref(j.slug)),
    notFoundPath,
  ];
}

/** Prerendered pages that carry `noindex` and stay out of the sitemap: the 404 page and the placeholders. */
export const noindexPaths: readonly string[] = [notFoundPath, "/login", "/register"];

/** Every prerendered URL a search engine should index: the sitemap's list. */
export function indexablePaths(): string[] {
  return prerenderPaths().filter((p) => !noindexPaths.includes(p));
}
