import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AAC_DELAY, AAC_FRAME, aacPieces, adtsFrames, encodeAac } from "./aac.ts";
import { runFfmpeg } from "./run.ts";

describe("aacPieces", () => {
  it("keeps one piece for short audio or one part", () => {
    expect(aacPieces(10 * 44_100, 4)).toEqual([{ from: 0, to: 441_000, skip: 0, take: null }]);
    expect(aacPieces(600 * 44_100, 1)).toEqual([{ from: 0, to: 26_460_000, skip: 0, take: null }]);
  });

  it("cuts at frame boundaries with pre-roll and tail, and the kept frames tile the stream", () => {
    const samples = 300 * 44_100 + 77;
    const pieces = aacPieces(samples, 3);
    expect(pieces).toHaveLength(3);
    const frames = Math.ceil(samples / AAC_FRAME);
    let next = 0;
    for (const [k, p] of pieces.entries()) {
      expect(p.from % AAC_FRAME).toBe(0);
      // frame index kept first = the encoder's frame `skip` = input frame (from / FRAME + skip)
      expect(p.from / AAC_FRAME + p.skip).toBe(next);
      expect(p.skip).toBe(k === 0 ? 0 : 4);
      if (p.take !== null) {
        next += p.take;
        expect(p.to).toBe((next + 2) * AAC_FRAME);
      } else expect(p.to).toBe(samples);
    }
    expect(pieces.at(-1)?.take).toBeNull();
    expect(next).toBeLessThan(frames);
  });

  it("never makes pieces shorter than minSamples", () => {
    expect(aacPieces(50 * 44_100, 8)).toHaveLength(2);
    expect(aacPieces(50 * 44_100, 8, { minSamples: 10 * 44_100 })).toHaveLength(5);
  });
});

describe("adtsFrames", () => {
  const frame = (len: number) => {
    const b = new Uint8Array(len);
    b.set([0xff, 0xf1, 0x50, 0x80 | ((len >> 11) & 3), (len >> 3) & 0xff, ((len & 7) << 5) | 0x1f, 0xfc]);
    return b;
  };
  it("splits on the frame lengths of the headers", () => {
    const buf = new Uint8Array([...frame(10), ...frame(300), ...frame(7)]);
    expect(adtsFrames(buf).map((f) => f.length)).toEqual([10, 300, 7]);
  });
  it("throws on garbage or a cut frame", () => {
    expect(() => adtsFrames(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow(/not an ADTS frame/);
    expect(() => adtsFrames(frame(300).subarray(0, 100))).toThrow(/truncated/);
  });
});

describe("encodeAac (real ffmpeg)", () => {
  let dir: string;
  let pcmFile: string;
  const rate = 44_100;
  // 50 s of stereo: a rising chirp with a syllable-like envelope, different levels left and right
  const pcm = new Float32Array(50 * rate * 2);
  for (let i = 0; i < pcm.length / 2; i++) {
    const t = i / rate;
    const v = 0.3 * Math.sin(2 * Math.PI * (200 + 40 * t) * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t));
    pcm[2 * i] = v;
    pcm[2 * i + 1] = 0.5 * v;
  }
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "aac-"));
    pcmFile = join(dir, "in.f32");
    await writeFile(pcmFile, pcm);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function decode(file: string): Promise<Float32Array> {
    const out = join(dir, "dec.f32");
    await runFfmpeg(["-f", "aac", "-i", file, "-f", "f32le", "-c:a", "pcm_f32le", out]);
    const b = await readFile(out);
    return new Float32Array(b.buffer, b.byteOffset, b.length / 4);
  }
  /** Error energy of the decoded stream against the input over frames [a, b), in dB below the signal. */
  function errorDb(dec: Float32Array, a: number, b: number): number {
    let e = 0;
    let s = 0;
    for (let i = a * AAC_FRAME * 2; i < b * AAC_FRAME * 2 && i < pcm.length; i++) {
      const d = (dec[i + AAC_DELAY * 2] as number) - (pcm[i] as number);
      e += d * d;
      s += (pcm[i] as number) ** 2;
    }
    return 10 * Math.log10(e / s);
  }

  it("gives the same frames as one long encode, and the joins are as clean as the rest", async () => {
    const one = join(dir, "one.aac");
    const two = join(dir, "two.aac");
    await encodeAac(pcmFile, one, { channels: 2, sampleRate: rate });
    const fractions: number[] = [];
    await encodeAac(pcmFile, two, {
      channels: 2,
      sampleRate: rate,
      parts: 2,
      onProgress: (f) => fractions.push(f),
    });
    expect(fractions.at(-1)).toBeCloseTo(1, 5);
    const f1 = adtsFrames(await readFile(one));
    const f2 = adtsFrames(await readFile(two));
    expect(f2.length).toBe(f1.length);
    const a = await decode(one);
    const b = await decode(two);
    expect(b.length).toBe(a.length);
    const join1 = aacPieces(pcm.length / 2, 2)[1]!;
    const seam = join1.from / AAC_FRAME + join1.skip;
    const atSeam = errorDb(b, seam - 2, seam + 2);
    const elsewhere = errorDb(a, seam - 2, seam + 2);
    // the coding error at the join is the coding error of one long encode there (within 3 dB), and well
    // below the signal: a bad join (lost alias cancellation, a missing or doubled frame) is near 0 dB
    expect(atSeam).toBeLessThan(elsewhere + 3);
    expect(atSeam).toBeLessThan(-20);
    // a missing frame would shift everything after the join by 1024 samples
    expect(errorDb(b, seam + 10, seam + 200)).toBeLessThan(-20);
  });

  it("stops with ffmpeg's error and leaves no part files", async () => {
    await expect(
      encodeAac(pcmFile, join(dir, "no-such-dir", "a.aac"), { channels: 2, sampleRate: rate, parts: 2 }),
    ).rejects.toMatchObject({
      code: "ffmpeg_failed",
    });
    expect((await readdir(dir)).filter((f) => f.endsWith(".part"))).toEqual([]);
  });
});
