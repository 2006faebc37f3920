import { describe, expect, it } from "vitest";
import { rateVital, VITAL_THRESHOLDS, vitalsSampleRateFromEnv } from "./vitals";
import { vitalsBeaconSchema } from "./vitals-beacon";

const beacon = {
  route: "/services/:serviceType",
  navigationType: "navigate",
  device: "mobile",
  metrics: [
    { name: "LCP", value: 1234.5, rating: "good" },
    { name: "INP", value: 240, rating: "needs-improvement" },
    { name: "CLS", value: 0.31, rating: "poor" },
    { name: "FCP", value: 900, rating: "good" },
    { name: "TTFB", value: 0, rating: "good" },
  ],
};

describe("rateVital", () => {
  it("rates at the threshold as the better side, as web-vitals does", () => {
    for (const [metric, [good, poor]] of Object.entries(VITAL_THRESHOLDS)) {
      const m = metric as keyof typeof VITAL_THRESHOLDS;
      expect([
        rateVital(m, good),
        rateVital(m, good * 1.001),
        rateVital(m, poor),
        rateVital(m, poor * 1.001),
      ]).toEqual(["good", "needs-improvement", "needs-improvement", "poor"]);
    }
  });
});

describe("vitalsBeaconSchema", () => {
  it("takes a page view's metrics and drops unknown fields", () => {
    const parsed = vitalsBeaconSchema.parse({ ...beacon, sessionId: "abc", url: "/services/x?utm=1" });
    expect(parsed).toEqual(beacon);
  });

  it.each([
    ["an unknown route", { ...beacon, route: "/services/internet-services" }],
    ["a path with a query", { ...beacon, route: "/?utm_source=x" }],
    ["an unknown device", { ...beacon, device: "tablet" }],
    ["an unknown navigation type", { ...beacon, navigationType: "teleport" }],
    ["no metrics", { ...beacon, metrics: [] }],
    ["a metric twice", { ...beacon, metrics: [beacon.metrics[0], beacon.metrics[0]] }],
    ["an unknown metric", { ...beacon, metrics: [{ name: "FID", value: 10, rating: "good" }] }],
    ["a negative value", { ...beacon, metrics: [{ name: "LCP", value: -1, rating: "good" }] }],
    ["a value as text", { ...beacon, metrics: [{ name: "LCP", value: "1200", rating: "good" }] }],
    ["a value over an hour", { ...beacon, metrics: [{ name: "TTFB", value: 3_600_001, rating: "poor" }] }],
    ["a CLS over 100", { ...beacon, metrics: [{ name: "CLS", value: 101, rating: "poor" }] }],
    [
      "a rating that contradicts the value",
      { ...beacon, metrics: [{ name: "LCP", value: 5000, rating: "good" }] },
    ],
    ["a missing field", { route: "/", device: "desktop", metrics: beacon.metrics }],
    ["an array", [beacon]],
  ])("refuses %s", (_label, body) => {
    expect(vitalsBeaconSchema.safeParse(body).success).toBe(false);
  });
});

describe("vitalsSampleRateFromEnv", () => {
  it("is 1 unless set, and takes a share from 0 to 1", () => {
    expect(vitalsSampleRateFromEnv({})).toBe(1);
    expect(vitalsSampleRateFromEnv({ VITALS_SAMPLE_RATE: " " })).toBe(1);
    expect(vitalsSampleRateFromEnv({ VITALS_SAMPLE_RATE: "0.25" })).toBe(0.25);
    expect(vitalsSampleRateFromEnv({ VITALS_SAMPLE_RATE: "0" })).toBe(0);
    expect(vitalsSampleRateFromEnv({ VITALS_SAMPLE_RATE: ".5" })).toBe(0.5);
  });

  it.each(["-0.1", "1.5", "half", "1e-1", "50%"])("refuses %j, naming the variable", (bad) => {
    expect(() => vitalsSampleRateFromEnv({ VITALS_SAMPLE_RATE: bad })).toThrow(/VITALS_SAMPLE_RATE/);
  });
});
