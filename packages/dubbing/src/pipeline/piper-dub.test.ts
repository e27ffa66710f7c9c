// An English dub with no key, on the default engines: the male speaker is spoken by the Piper voice the
// setup installs, the timing fit asking the voice for a faster rate (its length scale) where a line is
// long for its slot; the female speaker, for whom no Piper voice is installed, by SVOX Pico (the setup installs both).
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegSync, tempDir } from "../testing/fixtures.ts";
import { type DubResult, dub } from "./dub.ts";

const t = tempDir("dub-piper-");
const video = join(t.dir, "in.mp4");
const doc = {
  language: "en" as const,
  speakers: [
    { id: "a", name: "Tom", selectedVoice: "en-US-AndrewMultilingualNeural" },
    { id: "b", name: "Sarah", selectedVoice: "en-US-AvaMultilingualNeural" },
  ],
  transcript: [
    { speaker: "a", text: "Good evening, and welcome to the show.", start: 500, end: 3000 },
    { speaker: "b", text: "Thank you, it is good to be here.", start: 3500, end: 6000 },
    // long for its 1.6 s: spoken faster
    {
      speaker: "a",
      text: "Tonight we talk about rivers, roads and the weather in the north.",
      start: 6500,
      end: 8100,
    },
  ],
};
let result: DubResult;

beforeAll(async () => {
  ffmpegSync([
    ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=9"],
    ...["-f", "lavfi", "-i", "sine=frequency=220:sample_rate=48000:duration=9"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", video],
  ]);
  result = await dub(video, doc, {
    output: join(t.dir, "out.mp4"),
    workDir: join(t.dir, "work"),
    follow: false,
    background: "duck",
  });
}, 240_000);
afterAll(t.cleanup);

describe("an English dub with no key", () => {
  it("is spoken by Piper for the speaker whose gender has a Piper voice", () => {
    expect(result.report.voices.a).toMatchObject({
      engine: "piper",
      voice: "en_US-joe-medium",
      catalogVoice: "en-US-AndrewMultilingualNeural",
    });
    expect(result.report.voices.b?.engine).toBe("pico");
  });

  it("asks the Piper voice itself for a faster rate where a line is long for its slot", () => {
    const long = result.report.segments[2];
    expect(long?.rate).toBeGreaterThan(1);
    // the voice spoke it shorter at that rate (its length scale), before any stretching
    expect(long?.clipMs).toBeLessThan((long?.naturalMs ?? 0) * 0.97);
  });
});
