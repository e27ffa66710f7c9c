// The clone sample: the plan (longest first, up to the maximum, refused under the minimum) as a pure
// function, and the cut with real ffmpeg on real speech (LibriVox recordings of pocketsphinx-testdata).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { probe } from "../media/probe.ts";
import { LIBRIVOX_DIR } from "../testing/fixtures.ts";
import { cloneSampleArgs, extractCloneSample, planCloneSample } from "./sample.ts";

const seg = (speaker: string, start: number, end: number) => ({ speaker, start, end });
const limits = { minSeconds: 10, maxSeconds: 30 };

describe("planCloneSample", () => {
  it("takes the speaker's own segments, longest first, up to the maximum (the last one cut)", () => {
    const plan = planCloneSample(
      [
        seg("a", 0, 8000),
        seg("b", 8000, 40_000),
        seg("a", 40_000, 52_000),
        seg("a", 52_000, 66_000),
        seg("a", 70_000, 70_300),
      ],
      "a",
      limits,
    );
    expect(plan).toEqual({
      ok: true,
      pieces: [
        { start: 52_000, end: 66_000 },
        { start: 40_000, end: 52_000 },
        { start: 0, end: 4000 },
      ],
      totalMs: 30_000,
    });
  });
  it("refuses under the minimum, saying how much there is", () => {
    expect(
      planCloneSample([seg("a", 0, 4000), seg("a", 5000, 9000), seg("b", 9000, 30_000)], "a", limits),
    ).toEqual({
      ok: false,
      totalMs: 8000,
      neededMs: 10_000,
    });
    expect(planCloneSample([], "a", limits)).toEqual({ ok: false, totalMs: 0, neededMs: 10_000 });
  });
  it("cuts each piece and joins them into one mono MP3", () => {
    const args = cloneSampleArgs(
      "in.flac",
      [
        { start: 1500, end: 3000 },
        { start: 0, end: 1000 },
      ],
      "out.mp3",
    );
    expect(args.join(" ")).toContain(
      "[0:a:0]atrim=start=1.500:end=3.000,asetpts=PTS-STARTPTS[p0];[0:a:0]atrim=start=0.000:end=1.000,asetpts=PTS-STARTPTS[p1];[p0][p1]concat=n=2:v=0:a=1,aformat=channel_layouts=mono[out]",
    );
    expect(args.slice(-5)).toEqual(["-c:a", "libmp3lame", "-b:a", "128k", "out.mp3"]);
  });
});

describe("extractCloneSample with ffmpeg", () => {
  // the project's audio is a WAV, its voice stem a FLAC
  it.each(["wav", "flac"])(
    "writes the planned speech of a real recording (%s), as long as planned",
    async (format) => {
      const dir = mkdtempSync(path.join(tmpdir(), "clone-sample-"));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const first = readdirSync(LIBRIVOX_DIR)
        .filter((f) => f.endsWith(".wav"))
        .sort()[0]!;
      const recording = path.join(LIBRIVOX_DIR, first);
      const input = path.join(dir, `speech.${format}`);
      execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", recording, input]);
      const { durationMs } = await probe(recording);
      const plan = planCloneSample([seg("a", 0, durationMs / 2), seg("a", durationMs / 2, durationMs)], "a", {
        minSeconds: 1,
        maxSeconds: 3,
      });
      if (!plan.ok) throw new Error("expected a plan");
      const out = path.join(dir, "sample.mp3");
      await extractCloneSample(input, plan, out);
      const info = await probe(out);
      expect(info.audio?.codec).toBe("mp3");
      expect(Math.abs(info.durationMs - 3000)).toBeLessThan(150);
    },
  );
});
