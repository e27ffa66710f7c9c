// Speech no line covers, in a ducked dub, with real audio: two LibriVox recordings (pocketsphinx-testdata)
// over real music (asc-music) 14 dB under them, and a transcript with a line for the second only. The
// first recording must not be heard at full level: it is ducked like the original under the lines, and
// the report lists it (least-squares shares of the source stems in the dub's audio: figures, not timing).
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TranscriptDoc } from "../../doc.ts";
import { tempDir } from "../../testing/fixtures.ts";
import {
  decodeF32,
  joinSpeech,
  STEM_RATE,
  speechOverMusic,
  stemShares,
  suppressionAndRetention,
} from "../../testing/music.ts";
import { dub } from "../dub.ts";
import { unlinedSpeech, unlinedWarning } from "./unlined.ts";

const tmp = tempDir("unlined-");
afterAll(tmp.cleanup);
const LIB = "/usr/share/pocketsphinx/test/data/librivox";
const seg = (start: number, end: number, text: string) => ({ index: 0, speaker: "s", text, start, end });

describe("unlinedSpeech (pure)", () => {
  it("is the heard speech that no line with text covers, in whole stretches", () => {
    const heard = [
      { start: 0, end: 4000 },
      { start: 4100, end: 6000 },
      { start: 8000, end: 9000 },
    ];
    // an empty line is not dubbed: it covers nothing
    const segs = [seg(4000, 6000, "hello"), seg(8000, 9000, " ")];
    expect(unlinedSpeech(heard, segs as never)).toEqual([
      { start: 0, end: 4000 },
      { start: 8000, end: 9000 },
    ]);
    expect(unlinedWarning([{ start: 61_500, end: 68_000 }], 18)).toBe(
      "speech without a line (1:01.5–1:08.0) was ducked by 18 dB with the original: add a line for it to be dubbed",
    );
  });
});

describe("a ducked dub with speech the transcript lacks", () => {
  let clip: ReturnType<typeof speechOverMusic>;
  let truth: { start: number; end: number }[];
  beforeAll(() => {
    const wav = join(tmp.dir, "speech.wav");
    truth = joinSpeech(
      wav,
      ["0870", "0880"].map((id) => join(LIB, `sense_and_sensibility_01_austen_64kb-${id}.wav`)),
      1500,
    );
    clip = speechOverMusic(tmp.dir, wav, { music: "frontiers.mp3", musicDb: -14 });
  }, 120_000);

  it("ducks it like the rest of the original and says so", async () => {
    const [first, second] = truth as [{ start: number; end: number }, { start: number; end: number }];
    const doc: TranscriptDoc = {
      language: "es",
      speakers: [{ id: "s", name: "S", selectedVoice: "es-ES-AlvaroNeural" }],
      transcript: [{ speaker: "s", text: "Una línea para la segunda frase.", ...second }],
    };
    const r = await dub(clip.video, doc, { output: join(tmp.dir, "out.mp4"), background: "duck" });
    const unlined = r.report.unlinedSpeech ?? [];
    expect(unlined.some((u) => u.start <= first.start + 500 && u.end >= first.end - 500)).toBe(true);
    expect(r.report.warnings.join("\n")).toMatch(/speech without a line \(0:01\.\d–0:0\d\.\d\)/);
    const y = decodeF32(r.mp4, 2);
    const fr = (ms: number) => Math.round((ms * STEM_RATE) / 1000);
    // the first sentence, against the music alone in the pause between the two
    const inside = [{ start: fr(first.start + 300), end: fr(first.end - 300) }];
    const outside = [{ start: fr(first.end + 400), end: fr(second.start - 400) }];
    const { S } = suppressionAndRetention(
      stemShares(y, clip.speech, clip.music, inside),
      stemShares(y, clip.speech, clip.music, outside),
    );
    // ducked by 18 dB under the music's level outside (at full level it would be about 0)
    expect(S).toBeGreaterThanOrEqual(12);
  }, 300_000);
});
