import { describe, expect, it } from "vitest";
import { Fft } from "./fft.ts";

describe("Fft", () => {
  it("transforms a cosine into its two bins and back", () => {
    const f = new Fft(64);
    const re = Float64Array.from({ length: 64 }, (_, i) => Math.cos((2 * Math.PI * 5 * i) / 64));
    const orig = Float64Array.from(re);
    const im = new Float64Array(64);
    f.transform(re, im);
    expect(re[5]).toBeCloseTo(32, 9);
    expect(re[59]).toBeCloseTo(32, 9);
    expect(Math.abs(re[6] as number)).toBeLessThan(1e-9);
    f.transform(re, im, true);
    for (let i = 0; i < 64; i++) expect(re[i]).toBeCloseTo(orig[i] as number, 9);
  });
});
