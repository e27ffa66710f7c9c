import { describe, expect, it } from "vitest";
import { correlator } from "./correlation.ts";

function direct(s: Float32Array, o: number, frame: number, maxLag: number): number[] {
  const out = [];
  for (let lag = 0; lag <= maxLag; lag++) {
    let c = 0;
    for (let i = 0; i < frame; i++) c += (s[o + i] as number) * (s[o + i + lag] as number);
    out.push(c);
  }
  return out;
}

describe("correlator", () => {
  it("gives the direct sums for every lag, at sizes that fill the transform and that do not", () => {
    const s = Float32Array.from(
      { length: 4000 },
      (_, i) => Math.sin(i * 0.071) + Math.sin(i * i * 0.37) * 0.5,
    );
    for (const [frame, maxLag] of [
      [882, 369],
      [640, 268],
      [100, 28], // span 128: exactly the transform's size
    ] as const) {
      const out = new Float64Array(maxLag + 1);
      for (const o of [0, 17, 1500]) {
        correlator(frame, maxLag)(s, o, out);
        const want = direct(s, o, frame, maxLag);
        for (let lag = 0; lag <= maxLag; lag++) expect(out[lag]).toBeCloseTo(want[lag] as number, 9);
      }
    }
  });
});
