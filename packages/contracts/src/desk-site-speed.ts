import { z } from "./zod";
import { DEVICE_CLASSES, NAVIGATION_TYPES, VITAL_METRICS } from "./vitals";

/** The two windows the desk's "Site speed" screen shows, in days (today, UTC, included). */
export const SITE_SPEED_WINDOWS = [7, 28] as const;
export type SiteSpeedWindow = (typeof SITE_SPEED_WINDOWS)[number];

/**
 * Below this many samples a p75 is not shown ("too few samples"): with fewer, a single slow page view
 * moves it by a whole rating band. Applies to each route, device, metric and window, and to each day
 * of the trend.
 */
export const SITE_SPEED_MIN_SAMPLES = 20;

/** One metric over one stretch of days: how many samples, and their p75 (null below the minimum). */
const figureSchema = z.object({ samples: z.number().int(), p75: z.number().nullable() });
export type SpeedFigure = z.infer<typeof figureSchema>;

const deviceSchema = z.enum(DEVICE_CLASSES);
const windowCounts = z.object({ d7: z.number().int(), d28: z.number().int() });

/** One route (or the whole site) on one device class: page views and each metric in both windows. */
const speedRowSchema = z.object({
  device: deviceSchema,
  views: windowCounts,
  metrics: z.array(z.object({ metric: z.enum(VITAL_METRICS), d7: figureSchema, d28: figureSchema })),
});
export type SpeedRow = z.infer<typeof speedRowSchema>;

/** GET /api/site-speed. */
export const siteSpeedAnswerSchema = z.object({
  /** The last day of both windows (UTC, YYYY-MM-DD). */
  today: z.string(),
  minSamples: z.number().int(),
  /** Every route together, per device class. */
  site: z.array(speedRowSchema),
  /** Per route and device class with page views in the last 28 days, most viewed first. */
  routes: z.array(speedRowSchema.extend({ route: z.string() })),
  /** Per metric, the p75 of each of the last 28 days per device class (every route together), oldest first. */
  trend: z.array(
    z.object({
      metric: z.enum(VITAL_METRICS),
      days: z.array(z.object({ day: z.string(), mobile: figureSchema, desktop: figureSchema })),
    }),
  ),
  /** Page views by how they began (a reload, the back button, …). */
  navigation: z.array(z.object({ navigationType: z.enum(NAVIGATION_TYPES), views: windowCounts })),
});
export type SiteSpeedAnswer = z.infer<typeof siteSpeedAnswerSchema>;
