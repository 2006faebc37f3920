/**
 * The public origin of the site. One definition for the Vite build (`__SITE_URL__`), the build
 * scripts (sitemap, robots, manifest) and the tests. The default is a clearly placeholder domain:
 * set SITE_URL when building for production.
 */
export const defaultSiteUrl = "https://www.example.com";

/** Normalises SITE_URL (or the placeholder default) to an origin without a trailing slash. */
export function resolveSiteUrl(value: string | undefined): string {
  const raw = value && value.trim() !== "" ? value.trim() : defaultSiteUrl;
  const url = new URL(raw);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`SITE_URL must be an http(s) URL, got ${raw}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}
