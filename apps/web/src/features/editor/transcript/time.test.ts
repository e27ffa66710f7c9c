import { describe, expect, it } from "vitest";
import { formatClock, formatTime, parseTime } from "./time.ts";

describe("parseTime", () => {
  it("reads seconds, m:s and h:m:s into milliseconds", () => {
    expect(parseTime("5")).toBe(5000);
    expect(parseTime("2.5")).toBe(2500);
    expect(parseTime(".25")).toBe(250);
    expect(parseTime("1:05")).toBe(65_000);
    expect(parseTime("1:05.125")).toBe(65_125);
    expect(parseTime("1:02:03")).toBe(3_723_000);
    expect(parseTime(" 0:00:01.5 ")).toBe(1500);
  });
  it("turns negative values into 0", () => {
    expect(parseTime("-3")).toBe(0);
    expect(parseTime("-1:30")).toBe(0);
  });
  it("refuses text that is not a time", () => {
    for (const bad of ["", "abc", "1:2:3:4", "1.5:20", "1::2", "1:a", "5s"])
      expect(parseTime(bad)).toBeNull();
  });
});

describe("formatTime", () => {
  it("writes m:ss.mmm and h:mm:ss.mmm that parse back to the same value", () => {
    expect(formatTime(65_125)).toBe("1:05.125");
    expect(formatTime(0)).toBe("0:00.000");
    expect(formatTime(3_723_004)).toBe("1:02:03.004");
    for (const ms of [0, 999, 61_001, 3_599_999, 7_200_500]) expect(parseTime(formatTime(ms))).toBe(ms);
  });
});

describe("formatClock", () => {
  it("shows whole seconds", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(65_900)).toBe("1:05");
    expect(formatClock(3_725_000)).toBe("1:02:05");
    expect(formatClock(Number.NaN)).toBe("0:00");
  });
});
