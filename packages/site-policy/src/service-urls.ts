// Where the site's forms post, and its speed beacon (POST /vitals on the contact service): the one
// definition of the default service URLs, read by the Vite build (which bakes them into the forms and
// the beacon) and by the build's CSP (connect-src). No Node APIs: safe anywhere.

export interface ServiceUrls {
  contact: string;
  quotation: string;
}

/** The services as `npm start` runs them on one machine. */
export const DEFAULT_SERVICE_URLS: Readonly<ServiceUrls> = {
  contact: "http://localhost:8081",
  quotation: "http://localhost:8091",
};

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const isLoopback = (url: string) => LOOPBACK_HOSTS.has(new URL(url).hostname);

/**
 * The service URLs of a build, from VITE_CONTACT_API_URL / VITE_QUOTATION_API_URL (unset or empty: the
 * defaults), without a trailing slash. A build for a public site (an https SITE_URL that is not
 * loopback) that would still post to loopback services fails: every visitor's form would post to their
 * own machine.
 */
export function resolveServiceUrls(
  env: Record<string, string | undefined>,
  siteUrl: string | undefined,
): ServiceUrls {
  const pick = (value: string | undefined, fallback: string) =>
    (value && value.trim() !== "" ? value.trim() : fallback).replace(/\/+$/, "");
  const urls: ServiceUrls = {
    contact: pick(env.VITE_CONTACT_API_URL, DEFAULT_SERVICE_URLS.contact),
    quotation: pick(env.VITE_QUOTATION_API_URL, DEFAULT_SERVICE_URLS.quotation),
  };
  for (const [name, url] of Object.entries(urls)) {
    if (!/^https?:\/\/[^/]/.test(url)) {
      throw new Error(`${variableOf(name)} must be an http(s) URL, got ${JSON.stringify(url)}`);
    }
  }
  const publicSite = siteUrl !== undefined && siteUrl.startsWith("https:") && !isLoopback(siteUrl);
  const local = Object.entries(urls).filter(([, url]) => isLoopback(url));
  if (publicSite && local.length > 0) {
    throw new Error(
      `Building for ${siteUrl}, but the forms would post to ${local.map(([, u]) => u).join(" and ")} on the ` +
        `visitor's own machine: set VITE_CONTACT_API_URL and VITE_QUOTATION_API_URL to the public ` +
        `addresses of the contact and quotation services.`,
    );
  }
  return urls;
}

const variableOf = (service: string) =>
  service === "contact" ? "VITE_CONTACT_API_URL" : "VITE_QUOTATION_API_URL";

/**
 * The distinct origins (scheme://host:port) of the services: the CSP's connect-src, which thereby
 * allows the forms' fetch and the speed beacon (sendBeacon and fetch are both governed by connect-src).
 */
export function serviceOrigins(urls: ServiceUrls): string[] {
  return [...new Set([urls.contact, urls.quotation].map((u) => new URL(u).origin))];
}
