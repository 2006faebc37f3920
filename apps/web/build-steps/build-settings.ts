// What a build of the site is for, from its environment: the public origin (SITE_URL) and where the
// forms post (VITE_CONTACT_API_URL, VITE_QUOTATION_API_URL), how long data is kept (RETENTION_*), the
// share of page views whose speed is measured (VITALS_SAMPLE_RATE). vite.config.ts bakes these into the pages
// and the end of the build writes the same into the sitemap, the share image and the CSP.
import {
  DEFAULT_VITALS_SAMPLE_RATE,
  type Retention,
  retentionFromEnv,
  vitalsSampleRateFromEnv,
} from "@site/contracts";
import { DEFAULT_SERVICE_URLS, type ServiceUrls, resolveServiceUrls } from "@site/site-policy/service-urls";
import { z } from "zod";
import { defaultSiteUrl, resolveSiteUrl } from "../app/lib/site-url";

const serviceUrl = (form: string, fallback: string) =>
  z
    .string()
    .optional()
    .meta({
      description: `Where the ${form} posts (also the CSP's \`connect-src\`); required when \`SITE_URL\` is a public https address`,
      defaultText: `\`${fallback}\``,
      values: "an http(s) URL",
    });

/**
 * The variables only the site's build reads, each documented in `.meta()` as the server's are
 * (docs/configuration.md is generated from both). The RETENTION_* periods are the server's variables,
 * read here too. Parsing only declares them; the resolvers below check each value. @public
 */
export const buildEnvSchema = z.object({
  SITE_URL: z
    .string()
    .optional()
    .meta({
      description: "The site's public address, for canonical links, Open Graph URLs, JSON-LD and the sitemap",
      defaultText: `\`${defaultSiteUrl}\``,
      values: "an http(s) URL",
    }),
  VITE_CONTACT_API_URL: serviceUrl("contact form (and the speed beacon)", DEFAULT_SERVICE_URLS.contact),
  VITE_QUOTATION_API_URL: serviceUrl("quote form", DEFAULT_SERVICE_URLS.quotation),
  VITALS_SAMPLE_RATE: z
    .string()
    .optional()
    .meta({
      description:
        "The share of page views whose speed is sent ([real-user speed](real-user-speed.md)), for visitors who accepted cookies; `0.1` measures one in ten",
      defaultText: `\`${DEFAULT_VITALS_SAMPLE_RATE}\``,
      values: "a number from 0 to 1",
    }),
});

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
  const vars = buildEnvSchema.parse(env);
  const explicitSite = vars.SITE_URL?.trim() ? resolveSiteUrl(vars.SITE_URL) : undefined;
  return {
    siteUrl: resolveSiteUrl(vars.SITE_URL),
    serviceUrls: resolveServiceUrls(vars, explicitSite),
    retention: retentionFromEnv(env),
    vitalsSampleRate: vitalsSampleRateFromEnv(vars),
    liveChat: liveChatFromEnv(env),
  };
}
