// Silero VAD over a real reader (LibriVox) with continuous music 4 dB under them and 4 s of the music
// alone before the first sentence and after the last (#60 item 6): a voice is heard only where the reader
// reads, so the music is never "Untranscribed speech", and a sentence recognition lost still is.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Region } from "../audio/features.ts";
import { LIBRIVOX_DIR, tempDir } from "../testing/fixtures.ts";
import { joinSpeech, speechOverMusic } from "../testing/music.ts";
import { untranscribedSpeech } from "./stems.ts";
import { heardVoice, parseVoiceRegions } from "./voice-vad.ts";

const tmp = tempDir("voice-vad-");
afterAll(tmp.cleanup);

describe("parseVoiceRegions", () => {
  it("reads [[start, end], …] and refuses anything else", () => {
    expect(parseVoiceRegions("[[0, 1200], [1500, 2000]]\n")).toEqual([
      { start: 0, end: 1200 },
      { start: 1500, end: 2000 },
    ]);
    expect(parseVoiceRegions("[]")).toEqual([]);
    for (const bad of ["", "{}", "[[1]]", '[["a", 2]]', "[[0, 1, 2]]", "nope"])
      expect(parseVoiceRegions(bad), bad).toBeNull();
  });
});

describe("heardVoice", () => {
  let video: string;
  let truth: Region[];
  beforeAll(() => {
    const wav = join(tmp.dir, "reader.wav");
    const lines = ["0870", "0880", "0890"].map((n) =>
      join(LIBRIVOX_DIR, `sense_and_sensibility_01_austen_64kb-${n}.wav`),
    );
    truth = joinSpeech(wav, lines, 1500, 4000);
    video = speechOverMusic(tmp.dir, wav, { music: "time_to_strike.mp3", musicDb: -4 }).video;
  });

  it("hears the reader and not the music alone before, between and after the sentences", async () => {
    const voiced = (await heardVoice(video))!;
    expect(voiced.length).toBeGreaterThan(0);
    const near = (r: Region) => truth.some((t) => r.start >= t.start - 300 && r.end <= t.end + 300);
    expect(voiced.filter((r) => !near(r))).toEqual([]);
    // every sentence mostly heard
    for (const t of truth) {
      const heard = voiced.reduce(
        (a, r) => a + Math.max(0, Math.min(r.end, t.end) - Math.max(r.start, t.start)),
        0,
      );
      expect(heard, `${t.start}–${t.end}`).toBeGreaterThan(0.8 * (t.end - t.start));
    }
    // transcribed as read: no mark; the middle sentence lost: it is marked
    expect(untranscribedSpeech(voiced, truth)).toEqual([]);
    const lost = untranscribedSpeech(voiced, [truth[0]!, truth[2]!]);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.start).toBeGreaterThanOrEqual(truth[0]!.end);
    expect(lost[0]!.end).toBeLessThanOrEqual(truth[2]!.start);
  }, 60_000);

  it("answers null where it cannot run (no such Python)", async () => {
    expect(await heardVoice(video, { python: join(tmp.dir, "no-python") })).toBeNull();
  });
});
