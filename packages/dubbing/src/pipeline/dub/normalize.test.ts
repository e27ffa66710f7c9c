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
