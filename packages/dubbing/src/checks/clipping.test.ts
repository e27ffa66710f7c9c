import { describe, expect, it } from "vitest";
import { checkClipping, clippedSamples } from "./clipping.ts";

const tone = (n: number, amp: number) => Float32Array.from({ length: n }, (_, i) => amp * Math.sin(i / 5));

describe("checkClipping", () => {
  it("passes a clean clip, even one whose peaks touch full scale once", () => {
    const s = tone(44_100, 0.5);
    s[100] = 1;
    expect(checkClipping(s)).toMatchObject({ check: "clipping", status: "ok", value: 0 });
  });
  it("fails a clip whose peaks are flattened", () => {
    const s = tone(44_100, 4).map((v) => Math.max(-1, Math.min(1, v)));
    expect(clippedSamples(s).runs).toBeGreaterThan(100);
    expect(checkClipping(s).status).toBe("fail");
  });
  it("warns on a few flattened peaks", () => {
    const s = tone(44_100, 0.5);
    s.fill(1, 1000, 1006);
    expect(checkClipping(s)).toMatchObject({ status: "warn" });
  });
});
