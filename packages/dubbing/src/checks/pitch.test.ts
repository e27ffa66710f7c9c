import { describe, expect, it } from "vitest";
import { checkPitch } from "./pitch.ts";

const rate = 16_000;
const voice = (hz: number) =>
  Float32Array.from(
    { length: rate },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / rate) + 0.1 * Math.sin((4 * Math.PI * hz * i) / rate),
  );

describe("checkPitch", () => {
  it("passes a voice near the speaker's pitch", () => {
    expect(checkPitch(voice(125), rate, 120)).toMatchObject({ check: "pitch", status: "ok" });
  });
  it("fails a voice an octave away, warns at a fourth", () => {
    const f = checkPitch(voice(240), rate, 120);
    expect(f.status).toBe("fail");
    expect(f.value).toBeCloseTo(12, 0);
    expect(checkPitch(voice(160), rate, 120).status).toBe("warn");
  });
  it("is skipped without a measured speaker or a voiced sound", () => {
    expect(checkPitch(voice(120), rate, undefined).status).toBe("skipped");
    expect(checkPitch(new Float32Array(rate), rate, 120).status).toBe("skipped");
  });
});
