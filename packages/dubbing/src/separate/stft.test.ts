import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import { readF32 } from "../testing/music.ts";
import { applyGain, stftPass } from "./stft.ts";

const tmp = tempDir("stft-");
afterAll(tmp.cleanup);

function noise(len: number, seed = 1): Float32Array {
  const x = new Float32Array(len);
  for (let i = 0; i < len; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    x[i] = (seed / 0x7fffffff) * 2 - 1;
  }
  return x;
}

describe("stftPass", () => {
  it("gives back a stereo input exactly with gain 1, and a zero residual", async () => {
    const frames = 10_007; // not a multiple of the hop
    const x = noise(frames * 2);
    const input = join(tmp.dir, "in.f32");
    writeFileSync(input, new Uint8Array(x.buffer));
    const out = join(tmp.dir, "out.f32");
    const residual = join(tmp.dir, "res.f32");
    const count = await stftPass(
      input,
      2,
      { n: 256, hop: 64, readFrames: 1000, residual, outputs: [{ file: out, channels: 2 }] },
      (_k, re, im, [o]) => {
        o!.re.set(re);
        o!.im.set(im);
      },
    );
    expect(count).toBe(Math.ceil((frames + 256 - 64) / 64));
    const y = readF32(out);
    expect(y.length).toBe(x.length);
    let err = 0;
    for (let i = 0; i < x.length; i++) err = Math.max(err, Math.abs((y[i] as number) - (x[i] as number)));
    expect(err).toBeLessThan(1e-5);
    const r = readF32(residual);
    expect(r.length).toBe(frames);
    expect(Math.max(...r.map(Math.abs))).toBeLessThan(1e-5);
  });

  it("filters each channel of a packed stereo spectrum by the same real gain", async () => {
    const frames = 8192;
    const x = new Float32Array(frames * 2);
    // left: 1 kHz, right: 5 kHz at 16 kHz; the gain removes the band above 3 kHz
    for (let i = 0; i < frames; i++) {
      x[2 * i] = Math.sin((2 * Math.PI * 1000 * i) / 16000);
      x[2 * i + 1] = Math.sin((2 * Math.PI * 5000 * i) / 16000);
    }
    const input = join(tmp.dir, "tones.f32");
    writeFileSync(input, new Uint8Array(x.buffer));
    const out = join(tmp.dir, "tones-out.f32");
    const n = 512;
    const gain = Float64Array.from({ length: n / 2 + 1 }, (_, k) => ((k * 16000) / n > 3000 ? 0 : 1));
    await stftPass(input, 2, { n, hop: n / 4, outputs: [{ file: out, channels: 2 }] }, (_k, re, im, [o]) => {
      o!.re.set(re);
      o!.im.set(im);
      applyGain(o!.re, o!.im, gain);
    });
    const y = readF32(out);
    let left = 0;
    let right = 0;
    for (let i = 1000; i < frames - 1000; i++) {
      left += (y[2 * i] as number) ** 2;
      right += (y[2 * i + 1] as number) ** 2;
    }
    const per = frames - 2000;
    expect(Math.sqrt(left / per)).toBeCloseTo(Math.SQRT1_2, 2);
    expect(Math.sqrt(right / per)).toBeLessThan(1e-3);
  });
});
