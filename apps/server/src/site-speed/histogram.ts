// The fixed histogram every stored speed figure is counted in. Buckets are log-spaced: bucket 0 holds
// [0, floor), bucket k ≥ 1 holds [floor·R^(k−1), floor·R^k), up to VITAL_MAX_VALUE. With R = 1.02 a
// percentile read back by interpolation inside its bucket is within 2% of the exact one (the exact
// value lies in the same bucket, whose ends differ by 2%): the issue asks for 5%. Rows store the
// bucket's index, so changing FLOOR or RATIO needs a migration that moves the stored counts.
import { VITAL_MAX_VALUE, type VitalMetric } from "@site/contracts";

/** Each bucket's upper end over its lower end. */
export const RATIO = 1.02;
const LOG_RATIO = Math.log(RATIO);

/**
 * The lower end of bucket 1: 1 ms for the timings, 0.0001 for CLS (unitless; far below the 0.1 that
 * web.dev calls good). Anything smaller shares bucket 0 (a page that never shifted has a CLS of 0).
 */
const FLOOR: Readonly<Record<VitalMetric, number>> = { LCP: 1, INP: 1, CLS: 0.0001, FCP: 1, TTFB: 1 };

/** The last bucket of a metric: the one that holds its largest allowed value. */
export function lastBucket(metric: VitalMetric): number {
  return Math.ceil(Math.log(VITAL_MAX_VALUE[metric] / FLOOR[metric]) / LOG_RATIO);
}

/** The bucket a value falls in (values are validated: 0 to VITAL_MAX_VALUE). */
export function bucketOf(metric: VitalMetric, value: number): number {
  const floor = FLOOR[metric];
  if (!(value >= floor)) return 0;
  const k = Math.floor(Math.log(value / floor) / LOG_RATIO) + 1;
  return Math.min(k, lastBucket(metric));
}

/** [lower, upper) of a bucket. */
export function bucketRange(metric: VitalMetric, bucket: number): [number, number] {
  const floor = FLOOR[metric];
  if (bucket <= 0) return [0, floor];
  return [floor * RATIO ** (bucket - 1), floor * RATIO ** bucket];
}

/** Counts per bucket: a histogram as read from the store. */
export type Histogram = Map<number, number>;

export function addTo(histogram: Histogram, bucket: number, count: number): void {
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
}

export function sampleCount(histogram: Histogram): number {
  let n = 0;
  for (const c of histogram.values()) n += c;
  return n;
}

/**
 * The q-quantile (0 < q < 1) of the values counted, or null without any. The bucket holding the value
 * of rank ⌈q·n⌉ is found, and the value is interpolated inside it by the rank's place among the
 * bucket's counts: geometrically (buckets are log-spaced), linearly in bucket 0 (which starts at 0).
 */
export function quantile(metric: VitalMetric, histogram: Histogram, q: number): number | null {
  const n = sampleCount(histogram);
  if (n === 0) return null;
  const rank = q * n;
  const buckets = [...histogram.entries()].filter(([, c]) => c > 0).sort(([a], [b]) => a - b);
  let below = 0;
  for (const [bucket, count] of buckets) {
    if (below + count >= rank) {
      const share = (rank - below) / count;
      const [lo, hi] = bucketRange(metric, bucket);
      return bucket === 0 ? lo + (hi - lo) * share : lo * (hi / lo) ** share;
    }
    below += count;
  }
  // Only rounding can get here (rank = n): the top of the last bucket.
  const [, hi] = bucketRange(metric, buckets.at(-1)![0]);
  return hi;
}

/** The 75th percentile: what the desk shows, as Chrome's field data (CrUX) does. */
export const p75 = (metric: VitalMetric, histogram: Histogram) => quantile(metric, histogram, 0.75);
