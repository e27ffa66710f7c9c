import { describe, expect, it } from "vitest";
import { parseSpeechActivity, rawToFlacArgs, untranscribedMarks, untranscribedSpeech } from "./stems.ts";

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

// The regions of bench/pipeline/untranscribed.ts's reader over music 0 dB under them, separated (ms).
describe("untranscribedMarks", () => {
  // the energy VAD heard the intro's music, ran on past the last sentence into the outro, and past a
  // sentence's last word; the voice model heard the reader only, and less of them under the music
  const regions = [
    { start: 800, end: 3000 },
    { start: 5200, end: 11_800 },
    { start: 13_600, end: 16_800 },
    { start: 27_500, end: 35_100 },
  ];
  const voiced = [
    { start: 5200, end: 11_900 },
    { start: 14_100, end: 14_600 },
    { start: 15_100, end: 16_500 },
    { start: 27_000, end: 29_900 },
  ];
  const segments = [
    { start: 5200, end: 11_300 },
    { start: 14_000, end: 16_100 },
    { start: 27_100, end: 29_600 },
  ];
  const heard = { heardOn: "voice" as const, regions, voiced };

  it("marks no music: not the intro, nor the outro after the last word", () => {
    expect(untranscribedSpeech(regions, segments)).toEqual([
      { start: 800, end: 3000 },
      { start: 29_600, end: 35_100 },
    ]);
    expect(untranscribedMarks(heard, segments)).toEqual([]);
  });
  it("marks a lost sentence whole where the voice model heard a third of it", () => {
    const lost = [segments[0]!, segments[2]!];
    expect(untranscribedMarks(heard, lost)).toEqual([{ start: 13_600, end: 16_800 }]);
  });
  it("marks what the voice model alone heard no segment cover, and the energy VAD's marks without it", () => {
    expect(untranscribedMarks(heard, [])).toContainEqual({ start: 5200, end: 11_900 });
    expect(untranscribedMarks({ heardOn: "voice", regions }, segments)).toEqual(
      untranscribedSpeech(regions, segments),
    );
  });
});

describe("rawToFlacArgs", () => {
  it("reads raw float32 at its rate and writes 16-bit FLAC at the asked rate and channels", () => {
    expect(
      rawToFlacArgs(
        { file: "in.f32", rate: 44_100, channels: 2 },
        { file: "out.flac", rate: 16_000, channels: 1 },
      ).join(" "),
    ).toBe("-f f32le -ar 44100 -ac 2 -i in.f32 -ar 16000 -ac 1 -sample_fmt s16 -c:a flac out.flac");
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
