// The demucs engine against a stand-in executable that checks the documented arguments and writes
// demucs' documented output layout (OUT/MODEL/<name>/vocals.wav, no_vocals.wav): here 1/4 and 3/4 of
// the input, so the test sees which file became which stem.
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import { readF32, stereoTones } from "../testing/music.ts";
import { createDemucsEngine, demucsOutputs, demucsProgress } from "./demucs.ts";

const tmp = tempDir("demucs-");
afterAll(tmp.cleanup);

const STAND_IN = `#!/bin/sh
# demucs stand-in: --two-stems vocals -n MODEL -o OUT -d cpu -j N INPUT
[ "$1 $2 $3 $5 $7 $8" = "--two-stems vocals -n -o -d cpu" ] || { echo "unexpected arguments: $*" >&2; exit 2; }
model=$4; out=$6; input=\${11}
name=$(basename "$input" .wav)
mkdir -p "$out/$model/$name"
echo " 50%|#####     | 1/2 [00:01<00:01]" >&2
ffmpeg -v error -y -i "$input" -af volume=0.25 -c:a pcm_s16le "$out/$model/$name/vocals.wav"
ffmpeg -v error -y -i "$input" -af volume=0.75 -c:a pcm_s16le "$out/$model/$name/no_vocals.wav"
`;

describe("demucs engine", () => {
  it("is unavailable, saying how to install it, when the binary is missing", async () => {
    const a = await createDemucsEngine({ binary: join(tmp.dir, "no-such-demucs") }).available();
    expect(a.ok).toBe(false);
    expect(a.reason).toMatch(/pip install demucs/);
  });

  it("runs two stems and reads back no_vocals as the background, vocals as the voice", async () => {
    const bin = join(tmp.dir, "demucs-stand-in");
    writeFileSync(bin, STAND_IN);
    chmodSync(bin, 0o755);
    const { x, pcmFile, rate } = stereoTones(tmp.dir);
    const frames = rate;
    const engine = createDemucsEngine({ binary: bin, model: "htdemucs_ft" });
    expect((await engine.available()).ok).toBe(true);
    const progress: number[] = [];
    const r = await engine.separate({
      pcmFile,
      sampleRate: rate,
      channels: 2,
      workDir: tmp.dir,
      onProgress: (f) => progress.push(f),
    });
    expect(r.params).toEqual({ model: "htdemucs_ft", twoStems: "vocals" });
    const bg = readF32(r.background);
    const voice = readF32(r.voice);
    expect(bg.length).toBe(x.length);
    expect(voice.length).toBe(frames);
    for (const i of [1000, 12_345, 30_000]) {
      expect(bg[2 * i]).toBeCloseTo(0.75 * (x[2 * i] as number), 3);
      expect(bg[2 * i + 1]).toBeCloseTo(0.75 * (x[2 * i + 1] as number), 3);
      expect(voice[i]).toBeCloseTo((0.25 * ((x[2 * i] as number) + (x[2 * i + 1] as number))) / 2, 3);
    }
    expect(progress).toContain(0.475);
    expect(progress.at(-1)).toBe(1);
  });

  it("knows its output layout and reads its progress bar", () => {
    expect(demucsOutputs("/w/demucs-input.wav", "/w/out", "htdemucs")).toEqual({
      vocals: "/w/out/htdemucs/demucs-input/vocals.wav",
      background: "/w/out/htdemucs/demucs-input/no_vocals.wav",
    });
    expect(demucsProgress(" 45%|████▌     | 9.0/20.0 [00:03<00:04]")).toBe(0.45);
    expect(demucsProgress("Separated tracks will be stored in …")).toBeNull();
  });
});
