// Real-user speed (issue 17): what the site's beacon sends, the contact service stores and the desk
// shows. No zod here: the site's lazily loaded beacon imports this module (as @site/contracts/vitals)
// and must not pull the validation library into every page. The schema is in vitals-beacon.ts.

/** Where the beacon posts, on the contact service. */
export const VITALS_PATH = "/vitals";

/** The five metrics, in the order the desk shows them. */
export const VITAL_METRICS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

export const VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/**
 * web.dev's thresholds (https://web.dev/articles/vitals): a value at or below the first is good, above
 * the second poor, between them needs improvement. Milliseconds, except CLS (unitless). The web-vitals
 * library rates by the same numbers (a test of the site compares them).
 */
export const VITAL_THRESHOLDS: Readonly<Record<VitalMetric, readonly [good: number, poor: number]>> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

/**
 * The largest value a beacon may carry: an hour in milliseconds, 100 for CLS (a page shifting its whole
 * viewport a hundred times over). Anything larger is not a measurement of this site; the beacon is refused.
 */
export const VITAL_MAX_VALUE: Readonly<Record<VitalMetric, number>> = {
  LCP: 3_600_000,
  INP: 3_600_000,
  CLS: 100,
  FCP: 3_600_000,
  TTFB: 3_600_000,
};

/** The rating of a value, as web-vitals and web.dev give it. */
export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return value > poor ? "poor" : value > good ? "needs-improvement" : "good";
}

/** How the page view began (web-vitals' `navigationType`). */
export const NAVIGATION_TYPES = [
  "navigate",
  "reload",
  "back-forward",
  "back-forward-cache",
  "prerender",
  "restore",
] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

export const DEVICE_CLASSES = ["mobile", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** A viewport up to this many CSS pixels wide is "mobile" (below Tailwind's md breakpoint, as the site's layout). */
export const MOBILE_MAX_WIDTH = 767;

/**
 * The route patterns of the site (apps/web/app/routes.ts, written with a leading slash; a test of the
 * site keeps the two equal). "/*" is the not-found route. Only these are stored: the route table
 * bounds the number of rows, whatever a client sends.
 */
export const SITE_ROUTE_PATTERNS = [
  "/",
  "/about",
  "/services",
  "/services/:serviceType",
  "/products/:productId",
  "/packages",
  "/careers",
  "/careers/:jobSlug",
  "/contact",
  "/quote",
  "/consultation",
  "/login",
  "/register",
  "/privacy",
  "/*",
] as const;
export type SiteRoutePattern = (typeof SITE_ROUTE_PATTERNS)[number];

/** One metric of a page view, as web-vitals reported it. */
export interface VitalSample {
  name: VitalMetric;
  value: number;
  rating: VitalRating;
}

/**
 * The body of one beacon: one page view's metrics. No identifier of the visitor, the page view or the
 * session; the route pattern, never the address with its query string.
 */
export interface VitalsBeacon {
  route: SiteRoutePattern;
  navigationType: NavigationType;
  device: DeviceClass;
  /** Each metric at most once. */
  metrics: VitalSample[];
}

/** The share of page views measured when VITALS_SAMPLE_RATE is unset: all of them. */
export const DEFAULT_VITALS_SAMPLE_RATE = 1;

/**
 * VITALS_SAMPLE_RATE (site build): the share of page views measured, from 0 (none) to 1 (all, the
 * default). Throws naming the variable on anything else.
 */
export function vitalsSampleRateFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.VITALS_SAMPLE_RATE?.trim();
  if (!raw) return DEFAULT_VITALS_SAMPLE_RATE;
  const rate = Number(raw);
  if (!/^\d*\.?\d+$/.test(raw) || !(rate >= 0 && rate <= 1)) {
    throw new Error(`VITALS_SAMPLE_RATE must be a number from 0 to 1, got "${raw}"`);
  }
  return rate;
}
