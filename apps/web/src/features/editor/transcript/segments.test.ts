import { describe, expect, it } from "vitest";
import { segmentAt, speakerName } from "./segments.ts";

const t = [
  { speaker: "a", text: "one", start: 0, end: 1000 },
  { speaker: "b", text: "two", start: 1500, end: 3000 },
];

describe("segmentAt", () => {
  it("finds the segment that covers a time, end excluded", () => {
    expect(segmentAt(t, 0)).toBe(0);
    expect(segmentAt(t, 999)).toBe(0);
    expect(segmentAt(t, 1000)).toBe(-1);
    expect(segmentAt(t, 2000)).toBe(1);
    expect(segmentAt(t, 5000)).toBe(-1);
  });
  it("names speakers", () => {
    expect(speakerName([{ id: "a", name: "Ana" }], "a")).toBe("Ana");
    expect(speakerName([], "ghost")).toBe("ghost");
  });
});
