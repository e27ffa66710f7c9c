import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import { encodeWav, parseWav } from "./wav.ts";
import { openWavWriter } from "./wav-writer.ts";

describe("openWavWriter", () => {
  const tmp = tempDir("dub-wav-writer-");
  afterAll(() => tmp.cleanup());

  it("writes, a piece at a time, the bytes encodeWav gives for all the samples at once", async () => {
    const pieces = [0, 1, 5000, 0, 333].map((n, k) =>
      Float32Array.from({ length: n }, (_, i) => Math.sin((i + k) / 7) * (k % 2 ? 1.2 : 0.4)),
    );
    const all = new Float32Array(pieces.reduce((a, p) => a + p.length, 0));
    let at = 0;
    for (const p of pieces) {
      all.set(p, at);
      at += p.length;
    }
    const file = join(tmp.dir, "pieces.wav");
    const wav = await openWavWriter(file, 16_000);
    for (const p of pieces) await wav.append(p);
    expect(wav.frames).toBe(all.length);
    await wav.close();
    expect(readFileSync(file).equals(encodeWav(all, 16_000))).toBe(true);
    expect(parseWav(readFileSync(file)).data.length).toBe(all.length);
  });
});
