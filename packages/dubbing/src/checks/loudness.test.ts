import { describe, expect, it } from "vitest";
import { checkLoudness, voicedLevel } from "./loudness.ts";

describe("voicedLevel", () => {
  it("is the level of the voiced frames, pauses left out", () => {
    const s = new Float32Array(8000);
    for (let i = 0; i < 4000; i++) s[i] = i % 2 ? 0.1 : -0.1;
    expect(voicedLevel(s, 8000)).toBeCloseTo(-20, 1);
    expect(voicedLevel(new Float32Array(800), 8000)).toBeNull();
  });
});

describe("checkLoudness", () => {
  it("flags the line far from its neighbours' median only", () => {
    const f = checkLoudness([-20, -21, -19, -8, -20, -22, -20]);
    expect(f.map((x) => x.status)).toEqual(["ok", "ok", "ok", "fail", "ok", "ok", "ok"]);
    expect(f[3]?.message).toMatch(/12 dB louder/);
    expect(checkLoudness([-20, -27.5, -20])[1]).toMatchObject({ status: "warn", value: -7.5 });
  });
  it("fails a silent line and skips a lone one", () => {
    expect(checkLoudness([-20, null, -20])[1]?.status).toBe("fail");
    expect(checkLoudness([-20])[0]?.status).toBe("skipped");
  });
});
