import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import { sameVoice, voiceDistance, voiceprint } from "./voiceprint.ts";
import { parseWav, toMono } from "./wav.ts";

const { dir, cleanup } = tempDir("voiceprint-");
afterAll(cleanup);

/** A flite voice reading `text`: 16 kHz mono samples. */
function speak(voice: string, text: string): Float32Array {
  const out = join(dir, `${voice}-${text.length}.wav`);
  execFileSync("flite", ["-voice", voice, "-t", text, "-o", out]);
  return toMono(parseWav(readFileSync(out)));
}

const ONE =
  "The village had a market every Saturday, and people came from the farms around to sell what they grew.";
const TWO =
  "Years later the old mill by the river was turned into a museum that children visit with their school.";

describe("voiceprint", () => {
  it("matches one voice reading two different texts, and not two voices reading the same one", () => {
    const awb1 = voiceprint(speak("awb", ONE), 16_000)!;
    const awb2 = voiceprint(speak("awb", TWO), 16_000)!;
    const rms1 = voiceprint(speak("rms", ONE), 16_000)!;
    expect(awb1).toHaveLength(38);
    expect(sameVoice(awb1, awb2)).toBe(true);
    expect(sameVoice(awb1, rms1)).toBe(false);
    expect(voiceDistance(awb1, awb2)).toBeLessThan(voiceDistance(awb1, rms1));
  });

  it("is no fingerprint under 3 s of speech", () => {
    expect(voiceprint(speak("awb", "Hello there."), 16_000)).toBeNull();
  });

  it("is 0 for one fingerprint and infinitely far for a malformed one", () => {
    const p = voiceprint(speak("slt", ONE), 16_000)!;
    expect(voiceDistance(p, p)).toBe(0);
    expect(voiceDistance(p, p.slice(0, 24))).toBe(Infinity);
  });
});
