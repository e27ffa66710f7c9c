import { describe, expect, it } from "vitest";
import { timelineProblem } from "./timeline.ts";

const seg = (start: number, end: number, text = "Hola.") => ({ speaker: "s1", start, end, text });

describe("timelineProblem", () => {
  it("accepts segments in order inside the video, touching or with small rounding overlaps", () => {
    expect(timelineProblem([seg(0, 1000), seg(1000, 2000), seg(1900, 3000)], 3000)).toBeNull();
    expect(timelineProblem([seg(0, 10_100)], 10_000)).toBeNull();
  });

  it("names the segment that ends after the video, or overlaps the one before", () => {
    expect(timelineProblem([seg(0, 1000), seg(5000, 12_000)], 10_000)).toEqual({
      path: "transcript.1.end",
      message: "Segment 2 ends at 0:12, after the video ends (0:10).",
    });
    expect(timelineProblem([seg(0, 5000), seg(1000, 2000)], 10_000)).toEqual({
      path: "transcript.1.start",
      message: "Segment 2 overlaps segment 1.",
    });
  });

  it("refuses more text than the video has time for", () => {
    expect(timelineProblem([seg(0, 10_000, "x".repeat(401))], 10_000)?.message).toBe(
      "The text is longer than the video can hold: at most 400 characters for this video.",
    );
  });
});
