// The main-thread ratio's verdict: pairs of runs until the ratio's 95 % interval is within the budget
// (pass) or its 99 % interval wholly beyond it (fail), "unclear" at the last pair if neither. The runs
// themselves are Lighthouse's, measured for real by `npm run perf` in CI (.ci/run).
import { describe, expect, it } from "vitest";
import { describeRatio, ratioShortfall, ratioVerdict, studentT, z95, z99 } from "./main-thread-ratio.mjs";

/** Pairs [with, without] whose ratios are these, around a floor of 500 ms. */
const pairsOf = (ratios) => ratios.map((r) => [500 * r, 500]);
const budget = 1.25;
const limits = { min: 6, max: 16 };

describe("studentT", () => {
  it("matches the table of Student's t (95 % and 99 %, two-sided) from 5 degrees of freedom", () => {
    for (const [df, t95, t99] of [
      [5, 2.5706, 4.0321],
      [7, 2.3646, 3.4995],
      [10, 2.2281, 3.1693],
      [15, 2.1314, 2.9467],
      [23, 2.0687, 2.8073],
    ]) {
      expect(Math.abs(studentT(z95, df) - t95)).toBeLessThan(0.003);
      expect(Math.abs(studentT(z99, df) - t99)).toBeLessThan(0.03);
    }
  });
});

describe("ratioVerdict", () => {
  it("is the geometric mean of the pairs' ratios, whatever the floor of each pair", () => {
    const r = ratioVerdict(
      [
        [600, 500],
        [1200, 1250],
        [450, 400],
      ],
      budget,
      limits,
    );
    expect(r.ratio).toBeCloseTo(Math.cbrt(1.2 * 0.96 * 1.125), 10);
    expect(r.pairs).toBe(3);
  });

  it("passes a page clearly under the budget, but not before the fewest pairs", () => {
    const ratios = [1.02, 1.1, 0.97, 1.06, 1.04, 1.08];
    expect(ratioVerdict(pairsOf(ratios.slice(0, 5)), budget, limits).verdict).toBeUndefined();
    const r = ratioVerdict(pairsOf(ratios), budget, limits);
    expect(r.verdict).toBe("pass");
    expect(r.high).toBeLessThanOrEqual(budget);
    expect(r.low).toBeLessThan(r.ratio);
  });

  it("fails a page shown over it: the bottom of the 99 % interval beyond the budget", () => {
    const r = ratioVerdict(pairsOf([1.5, 1.7, 1.45, 1.62, 1.55, 1.68]), budget, limits);
    expect(r.verdict).toBe("fail");
    expect(r.shownAbove).toBeGreaterThan(budget);
    expect(r.shownAbove).toBeLessThan(r.low);
    expect(ratioShortfall(r, budget)).toMatch(
      /^main-thread work 1\.58× \(.*, 6 pairs\) > 1\.25× without scripts \(99 % interval from 1\.\d\d×\)$/,
    );
  });

  it("does not fail a page whose 95 % interval alone is beyond the budget", () => {
    const r = ratioVerdict(pairsOf([1.3, 1.6, 1.25, 1.55, 1.35, 1.5]), budget, limits);
    expect(r.low).toBeGreaterThan(budget);
    expect(r.shownAbove).toBeLessThanOrEqual(budget);
    expect(r.verdict).toBeUndefined();
  });

  it("measures on while neither holds, and at the last pair calls it unclear, whichever side the estimate is", () => {
    const noisy = [1.4, 0.9, 1.5, 1.0, 1.35, 1.1, 1.45, 0.95, 1.3, 1.2, 1.5, 1.05, 1.4, 1.0, 1.3, 1.25];
    for (let n = limits.min; n < limits.max; n++)
      expect(ratioVerdict(pairsOf(noisy.slice(0, n)), budget, limits).verdict).toBeUndefined();
    const last = ratioVerdict(pairsOf(noisy), budget, limits);
    expect(last.high).toBeGreaterThan(budget);
    expect(last.ratio).toBeLessThan(budget);
    expect(last.verdict).toBe("unclear");
    expect(ratioShortfall(last, budget)).toMatch(
      /16 pairs\) without scripts: neither within 1\.25× nor shown over it$/,
    );
    const over = ratioVerdict(pairsOf(noisy.map((r) => r * 1.1)), budget, limits);
    expect(over.ratio).toBeGreaterThan(budget);
    expect(over.shownAbove).toBeLessThanOrEqual(budget);
    expect(over.verdict).toBe("unclear");
  });

  it("refuses to judge without a budget", () => {
    expect(() => ratioVerdict(pairsOf([1, 1]), undefined, limits)).toThrow(/no budget/);
  });

  it("says what it found: the estimate, its interval and the pairs", () => {
    expect(describeRatio({ ratio: 1.0712, low: 0.981, high: 1.1679, pairs: 8 })).toBe(
      "1.07× (0.98–1.17, 8 pairs)",
    );
  });
});
