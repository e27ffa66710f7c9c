import { describe, expect, it } from "vitest";
import type { ProbeResult } from "./probe.ts";
import { judgeStreams } from "./verify.ts";

const mp4: ProbeResult = {
  durationMs: 27_000,
  sizeBytes: 750_000,
  formatName: "mov,mp4,m4a,3gp,3g2,mj2",
  video: { codec: "h264", width: 320, height: 240, fps: 25 },
  audio: { codec: "aac", sampleRate: 44_100, channels: 1 },
};
const reading = (tail: [number, number][], startSeconds = 0, firstFrame = true) => ({
  firstFrame,
  startSeconds,
  tail: tail.map(([pts, duration]) => ({ pts, duration })),
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return null;
};

describe("judgeStreams", () => {
  it("confirms the header's duration when the tail reaches it", () => {
    expect(
      judgeStreams(
        mp4,
        reading([
          [26.96, 0.04],
          [26.98, 0.02],
        ]),
      ),
    ).toBe(27_000);
  });

  it("counts from the container's start time (MPEG-TS starts at 1.4 s)", () => {
    const ts = { ...mp4, durationMs: 3023, formatName: "mpegts" };
    expect(judgeStreams(ts, reading([[4.475, 0.023]], 1.48))).toBe(3018);
  });

  it("takes the streams' end when they stop before the header's claim", () => {
    expect(judgeStreams(mp4, reading([[25.5, 0.04]]))).toBe(25_540);
  });

  it("refuses a cut-off file, a picture and a video track without frames", () => {
    expect(codeOf(() => judgeStreams(mp4, reading([])))).toBe("truncated");
    const png = { ...mp4, durationMs: 0, formatName: "png_pipe" };
    expect(codeOf(() => judgeStreams(png, reading([[0, 0.04]])))).toBe("image");
    const jpeg = { ...mp4, durationMs: 40, formatName: "image2" };
    expect(codeOf(() => judgeStreams(jpeg, reading([[0, 0.04]])))).toBe("image");
    expect(codeOf(() => judgeStreams(mp4, reading([[26.9, 0.1]], 0, false)))).toBe("no_frames");
  });
});
