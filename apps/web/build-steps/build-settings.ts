// What a build of the site is for, from its environment: the public origin (SITE_URL) and where the
// forms post (VITE_CONTACT_API_URL, VITE_QUOTATION_API_URL), how long data is kept (RETENTION_*), the
// share of page views whose speed is measured (VITALS_SAMPLE_RATE). vite.config.ts bakes these into the pages
// and the end of the build writes the same into the sitemap, the share image and the CSP.
import { type Retention, retentionFromEnv, vitalsSampleRateFromEnv } from "@site/contracts";
import { type ServiceUrls, resolveServiceUrls } from "@site/site-policy/service-urls";
import { resolveSiteUrl } from "../app/lib/site-url";

export interface BuildSettings {
  /** The site's origin, without a trailing slash (the placeholder when SITE_URL is unset). */
  siteUrl: string;
  serviceUrls: ServiceUrls;
  /** The periods the privacy notice states: RETENTION_ENQUIRY_MONTHS / RETENTION_SPAM_DAYS, as the server's purge reads them. */
  retention: Retention;
  /** VITALS_SAMPLE_RATE: the share of page views whose speed is measured (0 to 1, default 1). */
  vitalsSampleRate: number;
  /** LIVE_CHAT=on: the chat panel talks to the desk (issue 27); otherwise the spec's "coming soon" panel. */
  liveChat: boolean;
}

/** LIVE_CHAT as the build reads it: "on" or "off" (unset or empty: off); anything else is refused. */
export function liveChatFromEnv(env: Record<string, string | undefined>): boolean {
  const value = env.LIVE_CHAT?.trim() ?? "";
  if (value !== "" && value !== "on" && value !== "off") {
    throw new Error(`LIVE_CHAT must be on or off, got ${JSON.stringify(value)}`);
  }
  return value === "on";
}

/**
 * Throws when SITE_URL is a public https address but the service URLs are left at their loopback
 * defaults: every visitor's form would post to their own machine.
 */
export function buildSettings(env: Record<string, string | undefined>): BuildSettings {
  const explicitSite = env.SITE_URL?.trim() ? resolveSiteUrl(env.SITE_URL) : undefined;
  return {
    siteUrl: resolveSiteUrl(env.SITE_URL),
    serviceUrls: resolveServiceUrls(env, explicitSite),
    retention: retentionFromEnv(env),
    vitalsSampleRate: vitalsSampleRateFromEnv(env),
    liveChat: liveChatFromEnv(env),
  };
}
