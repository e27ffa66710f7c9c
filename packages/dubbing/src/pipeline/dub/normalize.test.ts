import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MIX_RATE } from "../../mix/rate.ts";
import { tempDir } from "../../testing/fixtures.ts";
import { normalizeMix } from "./normalize.ts";

const t = tempDir("dub-norm-");
afterAll(t.cleanup);

describe("normalizeMix", () => {
  it("brings a quiet stereo tone to −16 LUFS under the ceiling", async () => {
    const frames = 3 * MIX_RATE;
    const x = new Float32Array(frames * 2);
    for (let i = 0; i < frames; i++)
      x[2 * i] = x[2 * i + 1] = 0.05 * Math.sin((2 * Math.PI * 1000 * i) / MIX_RATE);
    const file = join(t.dir, "mix.f32");
    writeFileSync(file, new Uint8Array(x.buffer));
    const r = await normalizeMix(file, 2, { concurrency: 2 });
    expect(r.inputLufs).toBeLessThan(-25);
    expect(Math.abs(r.outputLufs - -16)).toBeLessThan(0.3);
    expect(r.truePeakDb).toBeLessThanOrEqual(-1.5);
  });
});

describe("normalizeMix's progress", () => {
  it("moves through both passes a window at a time (a long mix measures and limits for seconds)", async () => {
    // 150 s: three 60 s windows in each pass
    const frames = 150 * MIX_RATE;
    const x = new Float32Array(frames);
    for (let i = 0; i < frames; i++) x[i] = 0.05 * Math.sin((2 * Math.PI * 440 * i) / MIX_RATE);
    const file = join(t.dir, "long.f32");
    writeFileSync(file, new Uint8Array(x.buffer));
    const seen: number[] = [];
    await normalizeMix(file, 1, { concurrency: 2, onProgress: (f) => seen.push(f) });
    expect(seen.filter((f) => f > 0 && f < 1).length).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBeCloseTo(1, 5);
  });
});
