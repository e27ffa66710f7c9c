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
  it("measures a clip at 22.05 kHz as one at 16 kHz (both looked at at 8 kHz)", () => {
    const at = (hz: number, r: number) =>
      Float32Array.from({ length: r }, (_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / r));
    for (const hz of [95, 125, 190, 260]) {
      const a = checkPitch(at(hz, 22_050), 22_050, hz);
      expect(a.status).toBe("ok");
      expect(Math.abs(a.value!)).toBeLessThan(0.3);
      expect(checkPitch(at(hz, 16_000), 16_000, hz).value).toBeCloseTo(a.value!, 0);
    }
  });
  it("is skipped without a measured speaker or a voiced sound", () => {
    expect(checkPitch(voice(120), rate, undefined).status).toBe("skipped");
    expect(checkPitch(new Float32Array(rate), rate, 120).status).toBe("skipped");
  });
});
