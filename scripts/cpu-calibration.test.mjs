// The mobile CPU slowdown follows the machine's speed as Lighthouse's throttling guide says: 4× at or
// above the reference benchmark index, proportionally less below it, never under 2×; measured with
// Lighthouse's own benchmark in the headless browser the runs use.
import { describe, expect, it } from "vitest";
import {
  calibrateCpuSlowdown,
  describeSlowdown,
  lighthouseSlowdown,
  minimumSlowdown,
  referenceIndex,
  slowdownFor,
} from "./cpu-calibration.mjs";

describe("slowdownFor", () => {
  it("keeps Lighthouse's 4× on a host at or above the reference index", () => {
    expect(slowdownFor(referenceIndex)).toBe(lighthouseSlowdown);
    expect(slowdownFor(2400)).toBe(4);
  });

  it("scales down with a slower host, to one decimal", () => {
    expect(slowdownFor(1154)).toBe(3.1);
    expect(slowdownFor(1125)).toBe(3);
  });

  it("never goes below the floor, however slow the host measured", () => {
    expect(slowdownFor(600)).toBe(minimumSlowdown);
    expect(slowdownFor(0)).toBe(2);
  });
});

describe("calibrateCpuSlowdown", () => {
  it("measures the host in the headless browser and picks the slowdown for the median", async () => {
    const c = await calibrateCpuSlowdown(3);
    expect(c.indexes).toHaveLength(3);
    expect(c.indexes.every((i) => i > 0)).toBe(true);
    expect(c.benchmarkIndex).toBe(Math.round(c.indexes.toSorted((a, b) => a - b)[1])); // the middle of 3
    expect(c.slowdown).toBe(slowdownFor(c.benchmarkIndex));
    expect(describeSlowdown([c, { slowdown: 3.1, benchmarkIndex: 1154 }])).toBe(
      `CPU ${c.slowdown}×, 3.1× slower than this machine at benchmark index ${c.benchmarkIndex}, 1154`,
    );
  }, 30_000);

  it("a fixed slowdown says only the factor", () => {
    expect(describeSlowdown([{ slowdown: 4 }, { slowdown: 4 }])).toBe("CPU 4×, 4× slower");
  });
});
