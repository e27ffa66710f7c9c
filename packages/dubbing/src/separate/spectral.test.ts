// The separation's maths on synthetic stems: a steady chord (the background) under a voiced signal
// (a gliding harmonic series, on in syllables) that speaks only inside known regions.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { DubError } from "../errors.ts";
import { tempDir } from "../testing/fixtures.ts";
import { readF32, stemShares, suppressionAndRetention } from "../testing/music.ts";
import { createSpectralSeparator, regionsToSpans } from "./spectral.ts";

const tmp = tempDir("spectral-");
afterAll(tmp.cleanup);
const RATE = 44_100;

/** A chord of 220, 330 and 523 Hz with a slow tremolo, stereo (a little wider on the right). */
function chord(frames: number): Float32Array {
  const x = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    const t = i / RATE;
    const v =
      0.05 *
      (1 + 0.2 * Math.sin(2 * Math.PI * 0.5 * t)) *
      (Math.sin(2 * Math.PI * 220 * t) +
        Math.sin(2 * Math.PI * 330 * t) +
        0.7 * Math.sin(2 * Math.PI * 523 * t));
    x[2 * i] = v;
    x[2 * i + 1] = 0.9 * v;
  }
  return x;
}

/** 12 harmonics of a pitch gliding 110 → 160 Hz, in 250 ms syllables, inside the regions (ms), centred. */
function voiced(frames: number, regions: { start: number; end: number }[]): Float32Array {
  const x = new Float32Array(frames * 2);
  let phase = 0;
  for (let i = 0; i < frames; i++) {
    const ms = (i * 1000) / RATE;
    const f0 = 110 + 50 * (0.5 + 0.5 * Math.sin(2 * Math.PI * 0.7 * (i / RATE)));
    phase += (2 * Math.PI * f0) / RATE;
    if (!regions.some((r) => ms >= r.start && ms < r.end)) continue;
    const syllable = Math.max(0, Math.sin((Math.PI * (ms % 250)) / 250));
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(h * phase) / h;
    x[2 * i] = x[2 * i + 1] = 0.25 * syllable * v;
  }
  return x;
}

describe("spectral separation", () => {
  const frames = 12 * RATE;
  const speech = [
    { start: 3000, end: 6000 },
    { start: 8000, end: 10_000 },
  ];
  const bg = chord(frames);
  const voice = voiced(frames, speech);
  const mix = bg.map((v, i) => v + (voice[i] as number));
  const pcmFile = join(tmp.dir, "mix.f32");
  writeFileSync(pcmFile, new Uint8Array(mix.buffer));
  const fr = (ms: number) => Math.round((ms * RATE) / 1000);

  it("keeps the background and removes the voice inside speech; the stems add up to the input", async () => {
    const r = await createSpectralSeparator().separate({
      pcmFile,
      sampleRate: RATE,
      channels: 2,
      workDir: tmp.dir,
      speech,
    });
    const out = readF32(r.background);
    expect(out.length).toBe(mix.length);
    const inside = speech.map((s) => ({ start: fr(s.start), end: fr(s.end) }));
    const outside = [
      { start: fr(500), end: fr(2500) },
      { start: fr(10_500), end: fr(11_500) },
    ];
    const { S, M } = suppressionAndRetention(
      stemShares(out, voice, bg, inside),
      stemShares(out, voice, bg, outside),
    );
    expect(S).toBeGreaterThan(15);
    expect(M).toBeGreaterThan(-3);
    // voice stem = mid of the input − mid of the background
    const v = readF32(r.voice);
    expect(v.length).toBe(frames);
    let err = 0;
    for (let i = fr(1000); i < fr(11_000); i += 7) {
      const want =
        ((mix[2 * i] as number) +
          (mix[2 * i + 1] as number) -
          (out[2 * i] as number) -
          (out[2 * i + 1] as number)) /
        2;
      err = Math.max(err, Math.abs((v[i] as number) - want));
    }
    expect(err).toBeLessThan(1e-4);
  });

  it("refuses when almost everything is speech", async () => {
    const engine = createSpectralSeparator();
    const all = [{ start: 0, end: 11_800 }];
    await expect(
      engine.separate({ pcmFile, sampleRate: RATE, channels: 2, workDir: tmp.dir, speech: all }),
    ).rejects.toMatchObject({ code: "too_little_background" } satisfies Partial<DubError>);
  });

  it("maps regions onto the frames whose centres they hold, widened", () => {
    const spans = regionsToSpans([{ start: 1000, end: 2000 }], {
      n: 2048,
      hop: 512,
      pad: 2,
      sampleRate: RATE,
      frames: 1000,
    });
    // frame k is centred on (k·512 − 1536 + 1024) / 44.1 ms: 1000 ms is frame 87.1, 2000 ms 173.3
    expect(spans).toEqual([{ start: 87 - 2, end: 174 + 2 }]);
  });
});
