// The two timing modes end to end on a generated video with long lines (a tone engine, 60 ms per
// character): "picture-waits" lengthens the video where lines need more than 1.15×, "keep-length" keeps
// it and plays lines at most 1.25×, never overlapping.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineRegistry } from "../engines/registry.ts";
import { parseSrt } from "../subtitles/subtitles.ts";
import { fakeTtsEngine } from "../testing/fake-tts.ts";
import { ffmpegSync, tempDir } from "../testing/fixtures.ts";
import { type DubResult, dub } from "./dub.ts";

const t = tempDir("dub-timing-");
const video = join(t.dir, "in.mp4");
const chars = (n: number) => "word ".repeat(Math.ceil(n / 5)).slice(0, n);
const doc = {
  language: "es" as const,
  speakers: [{ id: "a", name: "A", selectedVoice: "fake:tone" }],
  transcript: [
    { speaker: "a", text: chars(50), start: 1000, end: 2500 }, // 3.0 s into a 1.9 s window
    { speaker: "a", text: chars(20), start: 3000, end: 5000 },
    { speaker: "a", text: chars(40), start: 6000, end: 7000 }, // 2.4 s into 1.9 s
    { speaker: "a", text: chars(10), start: 8000, end: 9500 },
  ],
};
const streamSeconds = (file: string, stream: "v:0" | "a:0") =>
  Number(
    execFileSync("ffprobe", [
      ...["-v", "error", "-select_streams", stream, "-count_packets"],
      ...["-show_entries", "stream=duration", "-of", "csv=p=0", file],
    ])
      .toString()
      .trim(),
  );
let waits: DubResult;
let kept: DubResult;

beforeAll(async () => {
  ffmpegSync([
    ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=10"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=10"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-pix_fmt", "yuv420p", "-c:a", "aac", video],
  ]);
  const opts = {
    registry: new EngineRegistry().register(fakeTtsEngine()),
    follow: false,
    background: "duck" as const,
  };
  waits = await dub(video, doc, {
    ...opts,
    output: join(t.dir, "waits.mp4"),
    timing: { mode: "picture-waits" },
  });
  kept = await dub(video, doc, { ...opts, output: join(t.dir, "kept.mp4") });
});
afterAll(t.cleanup);

describe("picture-waits", () => {
  it("plays no line faster than 1.15x and lets the picture wait instead", () => {
    const { segments, timing } = waits.report;
    expect(Math.max(...segments.map((s) => s.speed))).toBeLessThanOrEqual(1.16);
    expect(segments.some((s) => s.tooLong)).toBe(false);
    expect(segments[0]?.waitMs).toBeGreaterThan(600);
    expect(segments[2]?.waitMs).toBeGreaterThan(100);
    expect(timing.addedMs).toBe(segments.reduce((sum, s) => sum + s.waitMs, 0));
    expect(waits.report.durationMs).toBe(10_000 + timing.addedMs);
  });

  it("lengthens picture and sound alike, and starts each line on its shifted picture", () => {
    const { addedMs } = waits.report.timing;
    const picture = streamSeconds(waits.mp4, "v:0");
    const sound = streamSeconds(waits.mp4, "a:0");
    expect(Math.abs(picture - (10 + addedMs / 1000))).toBeLessThan(0.1);
    expect(Math.abs(picture - sound)).toBeLessThan(0.1);
    const first = waits.report.segments[0]?.waitMs ?? 0;
    expect(waits.report.segments[1]?.placed?.start).toBe(3000 + first);
    expect(waits.report.segments[1]?.slot.start).toBe(3000 + first);
  });

  it("writes subtitles on the new timeline, each lasting as its line is spoken", () => {
    const cues = parseSrt(readFileSync(waits.srt as string, "utf8"));
    const placed = waits.report.segments.map((s) => s.placed);
    expect(cues.map((c) => c.start)).toEqual(placed.map((p) => p?.start));
    expect(cues[0]?.end).toBe(placed[0]?.end);
    expect(cues.at(-1)?.end).toBeLessThanOrEqual(waits.report.durationMs);
  });
});

describe("keep-length", () => {
  it("keeps the video's length, plays lines at most 1.25x and never overlaps them", () => {
    const { segments, timing } = kept.report;
    expect(timing.addedMs).toBe(0);
    expect(Math.abs(streamSeconds(kept.mp4, "v:0") - 10)).toBeLessThan(0.1);
    expect(Math.max(...segments.map((s) => s.speed))).toBeLessThanOrEqual(1.26);
    for (let i = 1; i < segments.length; i++)
      expect(segments[i]?.placed?.start ?? 0).toBeGreaterThanOrEqual(segments[i - 1]?.placed?.end ?? 0);
    // the first line is too long even at 1.25x: the second starts late rather than over it
    expect(segments[0]?.tooLong).toBe(true);
    expect(segments[1]?.delayMs).toBeGreaterThan(0);
  });
});
