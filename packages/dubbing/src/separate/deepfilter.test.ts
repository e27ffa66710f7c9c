// The DeepFilterNet3 engine with its real model (the `enhance` environment scripts/setup.sh makes): a
// LibriVox reader (pocketsphinx-testdata) over continuous music (asc-music) 14 dB under it, with no
// speech-free audio for the spectral engine to learn from. The voice stem must hold the speech and not
// the music, and the two stems must sum to the input.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DubError } from "../errors.ts";
import { tempDir } from "../testing/fixtures.ts";
import { decodeF32, joinSpeech, readF32, STEM_RATE, speechOverMusic, stemShares } from "../testing/music.ts";
import {
  createDeepFilterEngine,
  deepfilterProgress,
  processesFor,
  rawMidArgs,
  splitStretches,
  subtractVoice,
} from "./deepfilter.ts";

const tmp = tempDir("deepfilter-");
afterAll(tmp.cleanup);
const LIB = "/usr/share/pocketsphinx/test/data/librivox";
let pcmFile: string;
let clip: ReturnType<typeof speechOverMusic>;

beforeAll(() => {
  const wav = join(tmp.dir, "reader.wav");
  // the five readings, 25 s: enough for the work to be split between two processes (processesFor)
  const readings = ["0870", "0880", "0890", "0920", "0930"].map((n) =>
    join(LIB, `sense_and_sensibility_01_austen_64kb-${n}.wav`),
  );
  joinSpeech(wav, readings, 0);
  clip = speechOverMusic(tmp.dir, wav, { music: "time_to_strike.mp3", musicDb: -14 });
  const x = decodeF32(clip.video, 2);
  pcmFile = join(tmp.dir, "original.f32");
  writeFileSync(pcmFile, new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
}, 120_000);

describe("deepfilter separation", () => {
  it("takes the reader out of continuous music, in two processes: the voice holds the speech, the background the music", async () => {
    const engine = createDeepFilterEngine();
    expect(await engine.available()).toEqual({ ok: true });
    const progress: number[] = [];
    const r = await engine.separate({
      ...{ pcmFile, sampleRate: STEM_RATE, channels: 2, workDir: tmp.dir },
      onProgress: (f) => progress.push(f),
    });
    expect(r.params).toMatchObject({ model: "DeepFilterNet3", processes: 2 });
    const x = readF32(pcmFile);
    const bg = readF32(r.background);
    const voice = readF32(r.voice);
    expect(bg.length).toBe(x.length);
    // the stems sum to the input
    for (const i of [10_000, 100_000, 200_000]) expect(bg[2 * i]! + voice[i]!).toBeCloseTo(x[2 * i]!, 5);
    // least-squares shares of the two sources (the voice put in both channels to compare with the stereo stems)
    const frames = Math.min(clip.frames, voice.length);
    const voice2 = new Float32Array(frames * 2);
    for (let i = 0; i < frames; i++) voice2[2 * i] = voice2[2 * i + 1] = voice[i]!;
    const all = [{ start: STEM_RATE, end: frames - STEM_RATE }];
    const inVoice = stemShares(voice2, clip.speech, clip.music, all);
    const inBackground = stemShares(bg, clip.speech, clip.music, all);
    expect(inVoice.speech).toBeGreaterThan(0.8);
    expect(Math.abs(inVoice.music)).toBeLessThan(0.5);
    // the targets as shares: the speech ≥ 15 dB down in the background, the music at most 6 dB down
    expect(Math.abs(inBackground.speech)).toBeLessThan(10 ** (-15 / 20));
    expect(inBackground.music).toBeGreaterThan(10 ** (-6 / 20));
    expect(progress.at(-1)).toBe(1);
  }, 300_000);

  it("says where its environment is missing, and fails with the runtime's message", async () => {
    const missing = createDeepFilterEngine({ python: join(tmp.dir, "no-such-python") });
    expect((await missing.available()).reason).toMatch(/no-such-python is missing.*setup/);
    const broken = createDeepFilterEngine({ python: "/bin/false" });
    const err = await broken
      .separate({ pcmFile, sampleRate: STEM_RATE, channels: 2, workDir: tmp.dir })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DubError);
    expect((err as DubError).message).toMatch(/DeepFilterNet could not separate the voice/);
  });

  it("splits the work, reads its progress and subtracts the voice from every channel", async () => {
    expect(splitStretches(10, 2)).toEqual([
      { start: 0, end: 5 },
      { start: 5, end: 10 },
    ]);
    expect(splitStretches(1, 2)).toEqual([{ start: 0, end: 1 }]);
    // a second process from 20 s of audio (48 kHz) on
    expect(processesFor(7 * 48_000, 2)).toBe(1);
    expect(processesFor(19.9 * 48_000, 2)).toBe(1);
    expect(processesFor(20 * 48_000, 2)).toBe(2);
    expect(processesFor(300 * 48_000, 2)).toBe(2);
    expect(processesFor(300 * 48_000, 1)).toBe(1);
    expect(processesFor(0, 2)).toBe(1);
    expect(deepfilterProgress("progress 0.420")).toBe(0.42);
    expect(deepfilterProgress("something else")).toBeNull();
    expect(rawMidArgs({ file: "in", rate: 44_100, channels: 2 }, { file: "out", rate: 48_000 })).toContain(
      "pan=mono|c0=0.5*c0+0.5*c1",
    );
    const orig = join(tmp.dir, "o.f32");
    const v = join(tmp.dir, "v.f32");
    const out = join(tmp.dir, "b.f32");
    writeFileSync(orig, new Uint8Array(Float32Array.from([1, 2, 3, 4, 5, 6]).buffer));
    writeFileSync(v, new Uint8Array(Float32Array.from([0.5, 1]).buffer)); // shorter: the rest is silence
    await subtractVoice(orig, v, 2, out);
    expect([...readF32(out)]).toEqual([0.5, 1.5, 2, 3, 5, 6]);
  });
});
