import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import { eachWindow, gainFile, pcmFileOfLength, warmFrames, windowFrames } from "./pcmfile.ts";

const t = tempDir("pcmfile-");
afterAll(t.cleanup);

const floats = (file: string) => {
  const b = readFileSync(file);
  return new Float32Array(b.buffer, b.byteOffset, b.length / 4);
};

describe("eachWindow", () => {
  // 1,000 stereo frames whose samples count up
  const data = Float32Array.from({ length: 2000 }, (_, i) => i);

  it("visits every frame once, in order, each window after the history the last one left", async () => {
    const file = join(t.dir, "read.f32");
    writeFileSync(file, data);
    const seen: { start: number; history: number[]; window: number }[] = [];
    await eachWindow(file, 2, { windowFrames: 300, historyFrames: 2, skipFrames: 10 }, (w) => {
      seen.push({
        start: w.start,
        history: Array.from(w.data.subarray(0, 2 * w.history)),
        window: w.window.length / 2,
      });
      expect(w.window[0]).toBe(2 * (10 + w.start));
      w.window.fill(-1); // not written back: the next history still comes from the buffer
    });
    expect(seen.map((s) => [s.start, s.window])).toEqual([
      [0, 300],
      [300, 300],
      [600, 300],
      [900, 90],
    ]);
    expect(seen[0]!.history).toEqual([]);
    expect(seen[1]!.history).toEqual([-1, -1, -1, -1]);
    expect(floats(file)).toEqual(data);
  });

  it("writes each window back with write, and never the history", async () => {
    const file = join(t.dir, "write.f32");
    writeFileSync(file, data);
    await eachWindow(file, 2, { windowFrames: 256, historyFrames: 3, write: true }, (w) => {
      for (let i = 0; i < w.window.length; i++) w.window[i] = (w.window[i] as number) + 0.5;
    });
    expect(floats(file)).toEqual(data.map((v) => v + 0.5));
  });

  it("does nothing on an empty file", async () => {
    const file = join(t.dir, "empty.f32");
    writeFileSync(file, new Uint8Array(0));
    let calls = 0;
    await eachWindow(file, 2, { windowFrames: 10 }, () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});

describe("pcmFileOfLength and gainFile", () => {
  it("cuts or extends a file with silence, or makes one of silence, and scales it", async () => {
    const file = join(t.dir, "len.f32");
    writeFileSync(file, Float32Array.from([1, 2, 3, 4, 5, 6]));
    await pcmFileOfLength(file, 2, 2, "keep");
    expect(Array.from(floats(file))).toEqual([1, 2, 3, 4]);
    await pcmFileOfLength(file, 2, 4, "keep");
    expect(Array.from(floats(file))).toEqual([1, 2, 3, 4, 0, 0, 0, 0]);
    await gainFile(file, 2, 44_100, 0.5);
    expect(Array.from(floats(file))).toEqual([0.5, 1, 1.5, 2, 0, 0, 0, 0]);
    // a curve of one gain per 2-frame block
    await gainFile(file, 2, 44_100, { block: 2, gains: Float32Array.of(2, 2) });
    expect(Array.from(floats(file))).toEqual([1, 2, 3, 4, 0, 0, 0, 0]);
    const silent = join(t.dir, "silent.f32");
    await pcmFileOfLength(silent, 2, 1000, "silence");
    expect(statSync(silent).size).toBe(8000);
    expect(floats(silent).every((v) => v === 0)).toBe(true);
  });
});

describe("window sizes", () => {
  it("are whole blocks", () => {
    expect(windowFrames(44_100, 4410)).toBe(2_646_000);
    expect(windowFrames(44_100, 63, 7) % 63).toBe(0);
    expect(warmFrames(44_100, 4410)).toBe(8820);
    expect(warmFrames(48_000, 1)).toBe(9600);
  });
});
