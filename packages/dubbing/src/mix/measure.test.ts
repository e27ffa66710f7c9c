import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { blockEnergy, blockPeaks, truePeak } from "./loudness.ts";
import { IDLE_WORKER_MS, liveWorkers, measure, ranges, sharedFloats } from "./measure.ts";
import { measureFile, measureStream } from "./pcmfile.ts";

describe("ranges", () => {
  it("cuts a count into nearly equal adjacent ranges", () => {
    expect(ranges(10, 3)).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 7 },
      { from: 7, to: 10 },
    ]);
    expect(ranges(2, 5)).toHaveLength(2);
  });
});

describe("measure (worker threads on shared memory)", () => {
  const rate = 44_100;
  // 30 s of stereo: a swept tone with bursts, the loudest peak in the second half
  const data = sharedFloats(rate * 30 * 2 + 2 * 1234);
  for (let i = 0; i < data.length / 2; i++) {
    const t = i / rate;
    const v = 0.2 * Math.sin(2 * Math.PI * (100 + 200 * t) * t) * (1 + Math.sin(t));
    data[2 * i] = v;
    data[2 * i + 1] = i === 1_000_000 ? 0.93 : 0.5 * v;
  }

  const block = rate / 10;
  const expectSame = (got: Float64Array | null, want: Float64Array) => {
    expect(got).toHaveLength(want.length);
    for (let b = 0; b < want.length; b++)
      expect(Math.abs((got![b] as number) - (want[b] as number))).toBeLessThanOrEqual(
        1e-9 * (want[b] as number) + 1e-12,
      );
  };

  it("gives the energies and the true peak of one pass on this thread", async () => {
    const par = await measure(data, 2, rate, { block, peak: true, parts: 3 });
    expect(par.peak).toBe(truePeak(data, 2));
    expectSame(par.energy, blockEnergy(data, { channels: 2, sampleRate: rate, sub: block }));
  });

  describe("measureFile", () => {
    let dir = "";
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it("measures a file window by window as one pass over it, after skipFrames", async () => {
      dir = await mkdtemp(join(tmpdir(), "measure-file-"));
      const file = join(dir, "audio.f32");
      await writeFile(file, new Uint8Array(data.buffer));
      const skip = 1234;
      const rest = data.subarray(skip * 2);
      // 7 s windows: four joins and a short last window
      const m = await measureFile(file, 2, rate, {
        block,
        peak: true,
        parts: 2,
        skipFrames: skip,
        windowSeconds: 7,
        blockPeaks: true,
      });
      expect(m.peak).toBe(truePeak(rest, 2));
      expectSame(m.energy, blockEnergy(rest, { channels: 2, sampleRate: rate, sub: block }));
      expect(m.blockPeaks).toEqual(blockPeaks(rest, 2, block));
      const peakOnly = await measureFile(file, 2, rate, { block: 0, peak: true, windowSeconds: 11 });
      expect(peakOnly).toEqual({ energy: null, peak: truePeak(data, 2), blockPeaks: null });
    });
  });

  it("measures a stream as it arrives (odd chunk sizes) exactly as the same bytes in a file", async () => {
    const bytes = new Uint8Array(data.buffer);
    // chunks that cut frames and samples apart, like a pipe's reads
    const chunks: Uint8Array[] = [];
    for (let o = 0, k = 0; o < bytes.length; k++) {
      const n = [65_536, 4_093, 17, 100_003][k % 4] as number;
      chunks.push(bytes.slice(o, o + n));
      o += n;
    }
    const skip = 1234;
    const rest = data.subarray(skip * 2);
    const m = await measureStream(Readable.from(chunks), 2, rate, {
      ...{ block, peak: true, parts: 2, skipFrames: skip, windowSeconds: 7, blockPeaks: true },
    });
    expect(m.peak).toBe(truePeak(rest, 2));
    expectSame(m.energy, blockEnergy(rest, { channels: 2, sampleRate: rate, sub: block }));
    expect(m.blockPeaks).toEqual(blockPeaks(rest, 2, block));
  });

  it("measures the peak alone, and falls back to this thread without shared memory", async () => {
    expect((await measure(data, 2, rate, { block: 0, peak: true, parts: 2 })).peak).toBe(truePeak(data, 2));
    const plain = Float32Array.from(data.subarray(0, rate * 12 * 2));
    const r = await measure(plain, 2, rate, { block: 4410, peak: true, parts: 2 });
    expect(r.energy).toEqual(blockEnergy(plain, { channels: 2, sampleRate: rate, sub: 4410 }));
  });
});

describe("measuring workers", () => {
  it("end when idle, so they hold no shared buffer of past dubs, and start again when needed", async () => {
    const x = sharedFloats(44_100 * 12);
    for (let i = 0; i < x.length; i++) x[i] = Math.sin(i * 0.1) * 0.5;
    const first = await measure(x, 1, 44_100, { block: 4410, peak: true, parts: 2 });
    expect(liveWorkers()).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, IDLE_WORKER_MS + 500));
    expect(liveWorkers()).toBe(0);
    expect(await measure(x, 1, 44_100, { block: 4410, peak: true, parts: 2 })).toEqual(first);
    expect(liveWorkers()).toBe(2);
  });
});
