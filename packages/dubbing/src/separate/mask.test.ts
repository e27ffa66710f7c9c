import { describe, expect, it } from "vitest";
import { backgroundGain, freeBlocks, nearestFree } from "./mask.ts";

describe("freeBlocks", () => {
  it("marks every block a span touches as taken", () => {
    const free = freeBlocks([{ start: 5, end: 12 }], 30, 4);
    expect([...free]).toEqual([1, 0, 0, 1, 1, 1, 1, 1]); // frames 5–11: blocks 1 and 2
  });
});

describe("nearestFree", () => {
  const free = Uint8Array.from([1, 1, 0, 0, 0, 0, 0, 0, 1, 1]);
  it("takes the free blocks within the radius", () => {
    expect(nearestFree(free, 1, 2, 1)).toEqual([0, 1]);
  });
  it("searches further out when too few are near", () => {
    expect(nearestFree(free, 5, 1, 2)).toEqual([1, 8]);
    expect(nearestFree(free, 5, 1, 4)).toEqual([0, 1, 8, 9]);
  });
});

describe("backgroundGain", () => {
  const o = { over: 2, exponent: 1, floorDb: -30 };
  it("keeps a bin at or under the background", () => {
    const out = new Float64Array(2);
    backgroundGain(Float64Array.from([1, 2]), Float64Array.from([1, 1]), o, out);
    expect([...out]).toEqual([1, 1]);
  });
  it("lowers a bin the voice rises above the background in, by the Wiener ratio, down to the floor", () => {
    const out = new Float64Array(2);
    backgroundGain(Float64Array.from([8, 1e9]), Float64Array.from([1, 1]), o, out);
    expect(out[0]).toBeCloseTo(2 / 8, 6); // background 2, voice 6
    expect(out[1]).toBeCloseTo(10 ** (-30 / 20), 6);
  });
});
