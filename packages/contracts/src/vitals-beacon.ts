// The beacon's schema, for the contact service: its own entry point (@site/contracts/vitals-beacon),
// so the site's form pages, which import the lead schemas from the main entry, never carry it.
import { z } from "./zod";
import {
  DEVICE_CLASSES,
  NAVIGATION_TYPES,
  rateVital,
  SITE_ROUTE_PATTERNS,
  VITAL_MAX_VALUE,
  VITAL_METRICS,
  VITAL_RATINGS,
  type VitalsBeacon,
} from "./vitals";

const vitalSampleSchema = z
  .object({
    name: z.enum(VITAL_METRICS),
    value: z.number().min(0),
    rating: z.enum(VITAL_RATINGS),
  })
  .superRefine((sample, ctx) => {
    if (sample.value > VITAL_MAX_VALUE[sample.name]) {
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: `${sample.name} must be at most ${VITAL_MAX_VALUE[sample.name]}.`,
      });
    } else if (sample.rating !== rateVital(sample.name, sample.value)) {
      ctx.addIssue({
        code: "custom",
        path: ["rating"],
        message: `A ${sample.name} of ${sample.value} is rated ${rateVital(sample.name, sample.value)}.`,
      });
    }
  });

/**
 * POST /vitals on the contact service: one page view's metrics (see VitalsBeacon). Unknown fields are
 * dropped, as on the lead routes; anything else wrong refuses the whole beacon (400, nothing stored).
 */
export const vitalsBeaconSchema = z.object({
  route: z.enum(SITE_ROUTE_PATTERNS),
  navigationType: z.enum(NAVIGATION_TYPES),
  device: z.enum(DEVICE_CLASSES),
  metrics: z
    .array(vitalSampleSchema)
    .min(1)
    .max(VITAL_METRICS.length)
    .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, {
      message: "Each metric may appear once.",
    }),
}) satisfies z.ZodType<VitalsBeacon>;
