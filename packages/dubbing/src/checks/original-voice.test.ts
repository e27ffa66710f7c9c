import { describe, expect, it } from "vitest";
import { checkOriginalVoice, voiceShare } from "./original-voice.ts";

const noise = (n: number, amp: number, seed: number) => {
  let x = seed;
  return Float32Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return amp * (x / 2 ** 30 - 1);
  });
};

describe("checkOriginalVoice", () => {
  const voice = noise(16_000, 0.2, 1);
  const music = noise(16_000, 0.2, 7);
  it("passes a background without the voice, however loud", () => {
    expect(voiceShare(music, voice)).toBeLessThan(0.05);
    expect(checkOriginalVoice(music, voice)).toMatchObject({ check: "original-voice", status: "ok" });
  });
  it("fails a background that still holds the voice", () => {
    const left = music.map((m, i) => m + (voice[i] as number));
    const f = checkOriginalVoice(left, voice);
    expect(f).toMatchObject({ status: "fail" });
    expect(f.value).toBeGreaterThan(0.9);
    const some = music.map((m, i) => m + 0.3 * (voice[i] as number));
    expect(checkOriginalVoice(some, voice).status).toBe("warn");
  });
  it("passes where the original has no speech", () => {
    expect(checkOriginalVoice(music, new Float32Array(16_000)).status).toBe("ok");
  });
});
