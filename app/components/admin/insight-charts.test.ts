import { describe, expect, it } from "vitest";
import { shareTicks } from "./insight-charts";

describe("shareTicks", () => {
  it("gives 0 and four even, round steps that reach the largest share", () => {
    expect(shareTicks(0)).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(shareTicks(0.05)).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(shareTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(shareTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(shareTicks(2.5)).toEqual([0, 1, 2, 3, 4]);
    for (const max of [0.001, 0.049, 0.051, 0.13, 0.77, 1.2]) {
      const ticks = shareTicks(max);
      expect(ticks[4], String(max)).toBeGreaterThanOrEqual(max);
      const steps = ticks.slice(1).map((t, i) => Math.round((t - ticks[i]) * 1e6));
      expect(new Set(steps).size, String(max)).toBe(1);
    }
  });
});
