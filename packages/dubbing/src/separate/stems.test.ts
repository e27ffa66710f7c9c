import { describe, expect, it } from "vitest";
import { parseSpeechActivity, rawToFlacArgs, untranscribedSpeech } from "./stems.ts";

describe("untranscribedSpeech", () => {
  it("gives the voice's speech no segment covers, joined across short gaps, at least a second long", () => {
    const voice = [
      { start: 0, end: 5000 },
      { start: 47_000, end: 55_000 },
      { start: 55_200, end: 61_000 },
      { start: 70_000, end: 70_500 },
    ];
    const segments = [
      { start: 200, end: 3000 },
      { start: 3100, end: 4800 },
    ];
    expect(untranscribedSpeech(voice, segments)).toEqual([{ start: 47_000, end: 61_000 }]);
  });
  it("keeps the part of a region after the segment that covers its start", () => {
    expect(untranscribedSpeech([{ start: 0, end: 9000 }], [{ start: 0, end: 4000 }])).toEqual([
      { start: 4000, end: 9000 },
    ]);
  });
});

describe("rawToFlacArgs", () => {
  it("reads raw float32 at its rate and writes 16-bit FLAC at the asked rate and channels", () => {
    expect(rawToFlacArgs("in.f32", 44_100, 2, "out.flac", 16_000, 1).join(" ")).toBe(
      "-f f32le -ar 44100 -ac 2 -i in.f32 -ar 16000 -ac 1 -sample_fmt s16 -c:a flac out.flac",
    );
  });
});

describe("parseSpeechActivity", () => {
  it("reads speech.json, else the voice activity of stems made before it, else nothing", () => {
    const regions = [{ start: 0, end: 900 }];
    expect(parseSpeechActivity(JSON.stringify({ heardOn: "original", regions }), null)).toEqual({
      heardOn: "original",
      regions,
    });
    expect(parseSpeechActivity(null, JSON.stringify({ engine: "spectral", voiceActivity: regions }))).toEqual(
      {
        heardOn: "voice",
        regions,
      },
    );
    expect(parseSpeechActivity(null, JSON.stringify({ engine: "spectral" }))).toBeNull();
    expect(parseSpeechActivity(null, null)).toBeNull();
  });
});
