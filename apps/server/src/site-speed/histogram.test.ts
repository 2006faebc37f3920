import { VITAL_MAX_VALUE, VITAL_METRICS, type VitalMetric } from "@site/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addTo, bucketOf, bucketRange, type Histogram, lastBucket, p75, quantile, RATIO } from "./histogram";

/** The exact p75 by nearest rank: the value of rank ⌈0.75·n⌉. */
function exactP75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

/** The exact p75 interpolated between ranks (numpy's default), the other common definition. */
function interpolatedP75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = 0.75 * (sorted.length - 1);
  const lo = Math.floor(pos);
  return sorted[lo]! + (sorted[Math.ceil(pos)]! - sorted[lo]!) * (pos - lo);
}

function histogramOf(metric: VitalMetric, values: number[]): Histogram {
  const h: Histogram = new Map();
  for (const v of values) addTo(h, bucketOf(metric, v), 1);
  return h;
}

const relativeError = (estimate: number, exact: number) => Math.abs(estimate - exact) / exact;

// Samples from distributions real pages produce, drawn by a small seeded generator (mulberry32) from a
// seed fast-check picks, so a failure prints a seed that replays it.
type Shape = "lognormal" | "uniform" | "bimodal" | "exponential" | "few-values";

function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967297; // in (0, 1)
  };
}

function draw(shape: Shape, median: number, random: () => number): number {
  const normal = () => Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
  switch (shape) {
    case "lognormal":
      return median * Math.exp(0.6 * normal());
    case "uniform":
      return median * 2 * random();
    case "bimodal": // a fast cached path and a slow cold one
      return (random() < 0.6 ? median * 0.5 : median * 3) * Math.exp(0.2 * normal());
    case "exponential":
      return (-median * Math.log(random())) / Math.LN2;
    case "few-values": // e.g. a CLS that is one of a few layouts' shifts
      return median * [0.5, 1, 1, 2, 4][Math.floor(random() * 5)]!;
  }
}

const metricArb = fc.constantFrom(...VITAL_METRICS);
const shapeArb = fc.constantFrom<Shape>("lognormal", "uniform", "bimodal", "exponential", "few-values");
/** Typical medians: ms metrics from 20 ms to 20 s, CLS from 0.01 to 1. */
const medianFor = (metric: VitalMetric, t: number) => (metric === "CLS" ? 0.01 * 100 ** t : 20 * 1000 ** t);

describe("histogram", () => {
  it("covers every allowed value, each bucket [lower, upper) with upper = lower × 1.02", () => {
    for (const metric of VITAL_METRICS) {
      const last = lastBucket(metric);
      expect(bucketOf(metric, 0)).toBe(0);
      expect(bucketOf(metric, VITAL_MAX_VALUE[metric])).toBe(last);
      expect(bucketRange(metric, last)[1]).toBeGreaterThanOrEqual(VITAL_MAX_VALUE[metric]);
      expect(last).toBeLessThan(800); // rows per (day, route, device, metric) stay bounded
      for (const b of [1, 2, 100, last]) {
        const [lo, hi] = bucketRange(metric, b);
        expect(hi / lo).toBeCloseTo(RATIO, 12);
        expect(bucketOf(metric, lo * 1.000001)).toBe(b);
        expect(bucketOf(metric, hi * 0.999999)).toBe(b);
      }
    }
  });

  it("returns null without samples and a value inside the only bucket with one", () => {
    expect(p75("LCP", new Map())).toBeNull();
    const h = histogramOf("LCP", [1234]);
    const [lo, hi] = bucketRange("LCP", bucketOf("LCP", 1234));
    expect(p75("LCP", h)).toBeGreaterThanOrEqual(lo);
    expect(p75("LCP", h)).toBeLessThanOrEqual(hi);
    expect(p75("CLS", histogramOf("CLS", [0, 0, 0, 0]))).toBeLessThan(0.0001);
  });

  it("gives the p75 within 5% of the exact p75 on generated data", () => {
    let worst = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        metricArb,
        shapeArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 20, max: 5000 }),
        fc.integer(),
        (metric, shape, t, n, seed) => {
          const random = generator(seed);
          const median = medianFor(metric, t);
          const values = Array.from({ length: n }, () =>
            Math.min(VITAL_MAX_VALUE[metric], draw(shape, median, random)),
          );
          const estimate = p75(metric, histogramOf(metric, values))!;
          // Nearest rank: the estimate lies in the exact value's bucket, so within the bucket's 2%.
          const exact = exactP75(values);
          const error = relativeError(estimate, exact);
          expect(error).toBeLessThanOrEqual(RATIO - 1);
          // Interpolated between ranks: on continuous data dense enough that neighbouring ranks lie
          // close together (a few distinct values may put it anywhere between two of them).
          if (shape !== "few-values" && n >= 200) {
            expect(relativeError(estimate, interpolatedP75(values))).toBeLessThanOrEqual(0.05);
          }
          worst = Math.max(worst, error);
          runs++;
        },
      ),
      {
        numRuns: Number(process.env.FC_RUNS ?? 300),
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}),
      },
    );
    expect(runs).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(RATIO - 1);
  });

  it("reads any quantile, e.g. the median of a uniform spread", () => {
    const values = Array.from({ length: 10_001 }, (_, i) => 1000 + i / 10); // 1000 … 2000 ms
    expect(relativeError(quantile("FCP", histogramOf("FCP", values), 0.5)!, 1500)).toBeLessThan(0.02);
  });
});
