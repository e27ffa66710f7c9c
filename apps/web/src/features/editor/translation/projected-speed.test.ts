import { describe, expect, it } from "vitest";
import { borrowSilence, projectedSpeed } from "./projected-speed.ts";

describe("projectedSpeed", () => {
  const dubbed = { speed: 1, text: "Hola a todos.", start: 0, end: 2000 };
  it("doubles when the text doubles in the same slot, and halves when the slot doubles", () => {
    expect(projectedSpeed(dubbed, { text: "Hola a todos. Hola a todos.", start: 0, end: 2000 })).toBeCloseTo(
      2.08,
      1,
    );
    expect(projectedSpeed(dubbed, { text: "Hola a todos.", start: 0, end: 4000 })).toBeCloseTo(0.5);
  });
  it("says nothing without a dub or text", () => {
    expect(projectedSpeed(undefined, { text: "Hola", start: 0, end: 1000 })).toBeNull();
    expect(projectedSpeed(dubbed, { text: " ", start: 0, end: 1000 })).toBeNull();
  });
});

describe("borrowSilence", () => {
  const segs = [
    { start: 0, end: 1000 },
    { start: 1500, end: 2500 },
    { start: 3000, end: 4000 },
  ];
  it("takes the silence after the line first, then before it, as much as the speed needs", () => {
    expect(borrowSilence(segs, 1, 1.3, 5000)).toEqual({ start: 1500, end: 2800 });
    expect(borrowSilence(segs, 1, 1.8, 5000)).toEqual({ start: 1200, end: 3000 });
    expect(borrowSilence(segs, 1, 3, 5000)).toEqual({ start: 1000, end: 3000 });
  });
  it("has nothing to offer without silence or without need", () => {
    expect(
      borrowSilence(
        [
          { start: 0, end: 1000 },
          { start: 1000, end: 2000 },
        ],
        0,
        2,
        2000,
      ),
    ).toBeNull();
    expect(borrowSilence(segs, 1, 1, 5000)).toBeNull();
  });
});
