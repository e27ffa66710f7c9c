import { describe, expect, it } from "vitest";
import { frameSeconds, frameStarts, kenBurns, storyboardVideoArgs } from "./video.ts";

describe("storyboard video arguments", () => {
  it("shows a frame for its narration plus a short pause, at least 1 s", () => {
    expect(frameSeconds(3000)).toBe(3.15);
    expect(frameSeconds(200)).toBe(1);
  });

  it("starts each frame at the sum of the frames before it", () => {
    expect(frameStarts([3, 4.5, 2])).toEqual([0, 3, 7.5]);
  });

  it("crossfades at the frame starts, pads each narration to its frame and cuts at the total", () => {
    const frames = [3, 4.5, 2].map((seconds, i) => ({
      image: `/w/i${i}.jpg`,
      audio: `/w/a${i}.wav`,
      seconds,
      subtitleFile: i === 1 ? "/w/s1.txt" : undefined,
    }));
    const args = storyboardVideoArgs(frames, "/w/out.mp4", { fontOption: "font=Sans" });
    const graph = args[args.indexOf("-filter_complex") + 1]!;
    expect(graph).toContain("xfade=transition=fade:duration=0.5:offset=3[x1]");
    expect(graph).toContain("xfade=transition=fade:duration=0.5:offset=7.5[x2]");
    // Clips before the last last their frame plus the crossfade: 3.5 s = 88 frames at 25 fps (rounded).
    expect(graph).toContain(":d=88:s=1280x720:fps=25");
    expect(graph).toContain(":d=50:s=1280x720:fps=25");
    expect(graph).toContain("apad=whole_dur=4.5,atrim=end=4.5");
    expect(graph).toContain("concat=n=3:v=0:a=1[aout]");
    expect(graph).toContain("textfile='/w/s1.txt'");
    expect(graph).toContain("enable='between(t,3,7.5)'");
    expect(args.slice(args.indexOf("-t"), args.indexOf("-t") + 2)).toEqual(["-t", "9.5"]);
    expect(args).toContain("libx264");
    expect(args.at(-1)).toBe("/w/out.mp4");
  });

  it("needs no crossfade for a single frame", () => {
    const args = storyboardVideoArgs([{ image: "i", audio: "a", seconds: 2 }], "o.mp4", {
      fontOption: "font=Sans",
    });
    const graph = args[args.indexOf("-filter_complex") + 1]!;
    expect(graph).not.toContain("xfade");
    expect(graph).toContain("[v0]null[vout]");
  });

  it("alternates zoom in, pan, zoom out, pan", () => {
    expect(kenBurns(0, 100)).toContain("z='1+0.08*on/99'");
    expect(kenBurns(2, 100)).toContain("z='1.08-0.08*on/99'");
    expect(kenBurns(1, 100)).toContain("x='(iw-iw/zoom)*on/99'");
  });
});
