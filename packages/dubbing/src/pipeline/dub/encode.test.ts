import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { probe } from "../../media/probe.ts";
import { MIX_RATE } from "../../mix/rate.ts";
import { makeTestVideo, tempDir } from "../../testing/fixtures.ts";
import { encodeWithinCeiling, MAX_ENCODED_TP, readProgress } from "./encode.ts";

const t = tempDir("dub-encode-");
afterAll(t.cleanup);

describe("encodeWithinCeiling", () => {
  it("muxes the AAC with the video copied, its decoded true peak under the limit, and cleans up", async () => {
    const video = makeTestVideo(join(t.dir, "in.mp4"), 2);
    const frames = 2 * MIX_RATE;
    // a full-scale square-ish wave: the encoder overshoots it, so the mix must be lowered
    const x = new Float32Array(frames);
    for (let i = 0; i < frames; i++) x[i] = Math.sin((2 * Math.PI * 220 * i) / MIX_RATE) > 0 ? 0.97 : -0.97;
    const mixFile = join(t.dir, "mix.f32");
    writeFileSync(mixFile, new Uint8Array(x.buffer));
    const work = join(t.dir, "work");
    const output = join(t.dir, "out", "dub.mp4");
    const progress: number[] = [];
    const enc = await encodeWithinCeiling({
      ...{ video, mixFile, channels: 1, output, language: "es", workDir: t.dir, concurrency: 2 },
      onProgress: (f) => progress.push(f),
    });
    expect(enc.truePeakDb).toBeLessThanOrEqual(MAX_ENCODED_TP);
    expect(enc.attempts).toBeGreaterThan(1);
    expect(enc.lowered.length).toBe(enc.attempts - 1);
    const info = await probe(output);
    expect(info.video?.codec).toBe("h264");
    expect(info.audio?.codec).toBe("aac");
    // the audio track says its language (ffprobe), not "und"
    const tags = execFileSync(
      "ffprobe",
      [
        "-v",
        "error",
        "-select_streams",
        "a:0",
        "-show_entries",
        "stream_tags=language",
        "-of",
        "csv=p=0",
        output,
      ],
      { encoding: "utf8" },
    );
    expect(tags.trim()).toBe("spa");
    expect(Math.abs(info.durationMs - 2000)).toBeLessThan(100);
    expect(existsSync(work)).toBe(false);
    expect(readdirSync(t.dir).filter((f) => f === "audio.aac" || f === "check.f32")).toEqual([]);
    expect(progress.length).toBeGreaterThan(0);
  });
});

describe("readProgress", () => {
  it("reports the share of the bytes read, a hundredth apart at least, up to 1", async () => {
    const seen: number[] = [];
    const t = readProgress(1000, (f) => seen.push(f));
    for (const n of [5, 5, 20, 300, 670]) t.write(Buffer.alloc(n));
    t.end();
    for await (const _ of t);
    expect(seen).toEqual([0.01, 0.03, 0.33, 1]);
  });
});

describe("encodeWithinCeiling's progress", () => {
  it("moves through the mux and the encoded audio's measurement, not only the AAC encode", async () => {
    const video = makeTestVideo(join(t.dir, "in20.mp4"), 20);
    const frames = 20 * MIX_RATE;
    const x = new Float32Array(frames * 2);
    for (let i = 0; i < frames * 2; i++) x[i] = 0.2 * Math.sin((2 * Math.PI * 330 * i) / MIX_RATE);
    const mixFile = join(t.dir, "mix20.f32");
    writeFileSync(mixFile, new Uint8Array(x.buffer));
    const progress: number[] = [];
    const enc = await encodeWithinCeiling({
      ...{ video, mixFile, channels: 2, output: join(t.dir, "out", "dub20.mp4"), workDir: t.dir },
      concurrency: 2,
      onProgress: (f) => progress.push(f),
    });
    expect(enc.attempts).toBe(1);
    // the first attempt's encode fills 0-0.375 of the stage, its measurement 0.375-0.75
    expect(progress.filter((f) => f > 0.4 && f < 0.75).length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBeCloseTo(0.75, 2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});
