import { describe, expect, it } from "vitest";
import { balance, planUtterances } from "./chunks.ts";

describe("planUtterances", () => {
  it("pads, merges overlaps and clamps", () => {
    expect(
      planUtterances(
        [
          { start: 100, end: 1000 },
          { start: 1300, end: 2000 },
          { start: 5000, end: 5900 },
        ],
        6000,
        { padMs: 200 },
      ),
    ).toEqual([
      { start: 0, end: 2200 },
      { start: 4800, end: 6000 },
    ]);
  });
  it("cuts long regions into equal parts under maxMs", () => {
    const u = planUtterances([{ start: 0, end: 70_000 }], 70_000, { padMs: 0, maxMs: 30_000 });
    expect(u).toHaveLength(3);
    expect(u[0]!.start).toBe(0);
    expect(u.at(-1)!.end).toBe(70_000);
    for (const r of u) expect(r.end - r.start).toBeLessThanOrEqual(30_000);
  });
});

describe("balance", () => {
  it("makes contiguous groups of similar duration", () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ start: i * 10_000, end: i * 10_000 + 5000, id: i }));
    const g = balance(items, 2);
    expect(g).toHaveLength(2);
    expect(g.flat().map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(g[0]).toHaveLength(4);
    expect(balance(items.slice(0, 1), 4)).toHaveLength(1);
    expect(balance([], 2)).toEqual([]);
  });
});
