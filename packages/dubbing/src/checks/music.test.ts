import { describe, expect, it } from "vitest";
import { aroundLine, checkMusic } from "./music.ts";

const RATE = 8000;
const noise = (n: number, amp: number, seed: number) => {
  let x = seed;
  return Float32Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return amp * (x / 2 ** 30 - 1);
  });
};
const scaled = (a: Float32Array, db: number) => a.map((v) => v * 10 ** (db / 20));

describe("aroundLine", () => {
  it("takes the stretches either side that no line covers, lines widened by 200 ms", () => {
    const line = { start: 5000, end: 7000 };
    expect(aroundLine(line, [line])).toEqual([
      { start: 2000, end: 4800 },
      { start: 7200, end: 10_000 },
    ]);
    const lines = [{ start: 1000, end: 3000 }, line, { start: 8000, end: 12_000 }];
    expect(aroundLine(line, lines)).toEqual([
      { start: 3200, end: 4800 },
      { start: 7200, end: 7800 },
    ]);
    expect(aroundLine({ start: 500, end: 900 }, [])).toEqual([
      { start: 0, end: 300 },
      { start: 1100, end: 3900 },
    ]);
  });
});

describe("checkMusic", () => {
  const music = noise(3 * RATE, 0.1, 3);
  const around = [music.subarray(0, RATE), music.subarray(2 * RATE)];
  const voice = noise(RATE, 0.2, 11);
  it("passes music that plays on under the line, the voice's leak set aside", () => {
    const under = music.slice(RATE, 2 * RATE);
    expect(checkMusic({ background: under, voice }, around, RATE)).toMatchObject({
      check: "music",
      status: "ok",
    });
    // half the original voice left in the background does not count as music
    const leaky = music.slice(RATE, 2 * RATE).map((m, i) => 0.5 * m + 0.5 * (voice[i] as number));
    const f = checkMusic({ background: leaky, voice }, around, RATE);
    expect(f.value).toBeCloseTo(6, 0);
    expect(f.status).toBe("fail");
  });
  it("flags music that drops under the line, and fails it from 6 dB", () => {
    const under = music.slice(RATE, 2 * RATE);
    const warn = checkMusic({ background: scaled(under, -4), voice }, around, RATE);
    expect(warn.status).toBe("warn");
    expect(warn.value).toBeCloseTo(4, 0);
    const fail = checkMusic({ background: scaled(under, -14), voice }, around, RATE);
    expect(fail.status).toBe("fail");
    expect(fail.message).toMatch(/drops by 14(\.\d)? dB/);
  });
  it("has nothing to keep around a silent background, and skips a line with no stretch to compare", () => {
    const silent = [new Float32Array(RATE)];
    expect(checkMusic({ background: new Float32Array(RATE), voice }, silent, RATE).status).toBe("ok");
    const short = [music.subarray(0, RATE / 4)];
    expect(checkMusic({ background: music, voice }, short, RATE).status).toBe("skipped");
  });
});
