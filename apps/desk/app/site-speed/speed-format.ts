import { rateVital, type VitalMetric, type VitalRating } from "@site/contracts/vitals";

/** What each metric measures, in words (the desk's labels). */
export const VITAL_NAMES: Record<VitalMetric, string> = {
  LCP: "Largest Contentful Paint",
  INP: "Interaction to Next Paint",
  CLS: "Cumulative Layout Shift",
  FCP: "First Contentful Paint",
  TTFB: "Time to First Byte",
};

export const RATING_LABELS: Record<VitalRating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

/**
 * "850 ms", "2.35 s" for the timings; "0.05" for CLS (unitless). `compact` drops trailing zeros
 * ("1.5 s", "3 s"), for a chart's axis.
 */
export function formatVital(metric: VitalMetric, value: number, compact = false): string {
  const fixed = (v: number, digits: number) =>
    compact ? String(Number(v.toFixed(digits))) : v.toFixed(digits);
  if (metric === "CLS") return value === 0 ? "0" : fixed(value, value < 0.01 || compact ? 3 : 2);
  if (value < 1000) return `${Math.round(value)} ms`;
  return `${fixed(value / 1000, value < 10_000 ? 2 : 1)} s`;
}

/** The rating the p75 earns by web.dev's thresholds. */
export const ratingOf = (metric: VitalMetric, p75: number): VitalRating => rateVital(metric, p75);

/** "/services/:serviceType" as staff read it. */
export function routeLabel(route: string): string {
  if (route === "/") return "Home (/)";
  if (route === "/*") return "Not found (any other address)";
  return route;
}
