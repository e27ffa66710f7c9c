import { describe, expect, it } from "vitest";
import { bicDistance, cluster, labelRegions, type Stats, stats } from "./local.ts";

/** Frames drawn from a diagonal Gaussian with the given means (deterministic). */
function frames(mean: number[], n: number, seed = 1, sd = 1): Float64Array[] {
  let s = seed;
  const rnd = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
  return Array.from({ length: n }, () => Float64Array.from(mean, (m) => m + sd * gauss()));
}

const A = [0, 0, 0, 0, 0, 0];
const B = [3, -2, 1, 2, -1, 2];

describe("bicDistance", () => {
  it("is negative for the same voice and positive for different voices", () => {
    const a1 = stats(frames(A, 300, 1))!;
    const a2 = stats(frames(A, 300, 2))!;
    const b1 = stats(frames(B, 300, 3))!;
    expect(bicDistance(a1, a2)).toBeLessThan(0);
    expect(bicDistance(a1, b1)).toBeGreaterThan(0);
  });
});

describe("cluster", () => {
  const items: Stats[] = [A, B, A, B, B, A].map((m, i) => stats(frames(m, 250, i + 7))!);
  it("finds two speakers, labelled by first appearance", () => {
    expect(cluster(items)).toEqual([0, 1, 0, 1, 1, 0]);
  });
  it("finds one speaker when all utterances are one voice", () => {
    expect(cluster([1, 2, 3, 4].map((i) => stats(frames(A, 250, i))!))).toEqual([0, 0, 0, 0]);
  });
  it("honours an exact count and a maximum", () => {
    expect(new Set(cluster(items, { k: 3 })).size).toBe(3);
    expect(new Set(cluster(items, { maxClusters: 1 })).size).toBe(1);
  });
});

describe("labelRegions", () => {
  it("gives short utterances (null) the label of their nearest neighbour", () => {
    const s = [A, B, A].map((m, i) => stats(frames(m, 250, i + 3)));
    expect(labelRegions([s[0]!, null, s[1]!, s[2]!, null])).toEqual([0, 0, 1, 0, 0]);
    expect(labelRegions([null, null])).toEqual([0, 0]);
  });
});
