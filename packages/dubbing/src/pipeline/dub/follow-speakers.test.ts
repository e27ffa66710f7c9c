// A dub whose offline voices follow their speakers, against the same dub without: real flite,
// espeak-ng and ffmpeg on a generated dialogue (awb at ~130 Hz and slt at ~170 Hz).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatRegions, measureSpeech } from "../../audio/prosody.ts";
import { parseWav, toMono } from "../../audio/wav.ts";
import type { TranscriptDoc } from "../../doc.ts";
import { type Dialogue, makeDialogue } from "../../testing/dialogue.ts";
import { tempDir } from "../../testing/fixtures.ts";
import { dub } from "../dub.ts";
import { measureSpeakerInVideo, readFit, regionAudioArgs } from "./follow-speakers.ts";

const t = tempDir("dub-follow-");
let d: Dialogue;
let doc: TranscriptDoc;

const LINES = [
  { voice: "awb", text: "Good morning and welcome to the program." },
  { voice: "slt", text: "Thank you, it is a pleasure to be here today." },
  { voice: "awb", text: "Let us talk about the weather in the mountains this week." },
  { voice: "slt", text: "The forecast says it will be cold and windy with some snow." },
];

function decode(file: string): Float32Array {
  const args = ["-hide_banner", "-loglevel", "error", "-i", file, "-vn", "-ac", "1", "-ar", "16000"];
  return toMono(parseWav(execFileSync("ffmpeg", [...args, "-f", "wav", "-"], { maxBuffer: 1 << 28 })));
}

beforeAll(() => {
  d = makeDialogue(t.dir, LINES, { name: "follow" });
  doc = {
    language: "en",
    speakers: [
      // a low male espeak-ng voice for awb, and flite's awb (a man's voice, 4–5 semitones under slt) for
      // slt: both off, each within the half octave a voice is shifted at most (follow.ts MAX_SHIFT_ST)
      { id: "a", name: "awb", selectedVoice: "espeak-ng:en-us+m1" },
      { id: "b", name: "slt", selectedVoice: "flite:awb" },
    ],
    transcript: d.truth.map((s) => ({ speaker: s.voice === "awb" ? "a" : "b", ...s })),
  };
});
afterAll(t.cleanup);

describe("measureSpeakerInVideo", () => {
  it("measures a speaker from their segments in the video, and nothing without segments", async () => {
    const awb = await measureSpeakerInVideo(
      d.video,
      d.truth.filter((s) => s.voice === "awb"),
    );
    const slt = await measureSpeakerInVideo(
      d.video,
      d.truth.filter((s) => s.voice === "slt"),
    );
    expect(awb!.pitchHz).toBeGreaterThan(110);
    expect(awb!.pitchHz).toBeLessThan(150);
    expect(slt!.pitchHz).toBeGreaterThan(150);
    expect(slt!.syllablesPerSec).toBeGreaterThan(2);
    expect(await measureSpeakerInVideo(d.video, [])).toBeNull();
  });

  it("measures from hundreds of tiny cues as from whole segments (ffmpeg refused a chain past ~100)", async () => {
    const own = d.truth.filter((s) => s.voice === "awb");
    // 25 ms cues 5 ms apart over the speaker's segments, none touching: hundreds of separate regions
    const tiny = own.flatMap((s) =>
      Array.from({ length: Math.floor((s.end - s.start) / 30) }, (_, i) => ({
        start: s.start + i * 30,
        end: s.start + i * 30 + 25,
      })),
    );
    expect(tiny.length).toBeGreaterThan(150);
    const whole = await measureSpeakerInVideo(d.video, own);
    const cut = await measureSpeakerInVideo(d.video, tiny);
    expect(Math.abs(cut!.pitchHz - whole!.pitchHz) / whole!.pitchHz).toBeLessThan(0.1);
    // thousands: the longest MAX_REGIONS are read, still one expression ffmpeg takes
    const many = Array.from({ length: 3000 }, (_, i) => ({ start: i * 2, end: i * 2 + 1 }));
    expect(regionAudioArgs(d.video, many).join(" ").length).toBeLessThan(200_000);
    expect(await measureSpeakerInVideo(d.video, many)).not.toBeUndefined();
  });
});

describe("readFit", () => {
  it("reads a voice's settings kept by an earlier dub, unless they shift it past half an octave", async () => {
    const fit = (shift: number) => ({
      style: { rate: 1, shift },
      own: {},
      result: {},
      target: {},
      trials: 1,
    });
    const file = join(t.dir, "kept.fit.json");
    writeFileSync(file, JSON.stringify(fit(-5.5)));
    expect((await readFit(file))?.style.shift).toBe(-5.5);
    // found before the shift was bounded: set again
    writeFileSync(file, JSON.stringify(fit(11.9)));
    expect(await readFit(file)).toBeNull();
    expect(await readFit(join(t.dir, "none.fit.json"))).toBeNull();
  });
});

describe("dub with voices that follow their speakers", () => {
  it("speaks each speaker at their median pitch (±15 %); without following, it does not", async () => {
    const pitchOf = async (follow: boolean, docIn: TranscriptDoc) => {
      const r = await dub(d.video, docIn, {
        ...{ follow, background: "remove", subtitles: false },
        output: join(t.dir, `out-${follow}.mp4`),
        workDir: join(t.dir, `work-${follow}`),
      });
      const audio = decode(r.mp4);
      const of = (id: string) =>
        measureSpeech(
          concatRegions(
            audio,
            16000,
            r.report.segments.flatMap((s) => (s.speaker === id && s.placed ? [s.placed] : [])),
          ),
          16000,
        ).pitchHz;
      return { r, a: of("a"), b: of("b") };
    };
    const orig = decode(d.wav);
    const truthOf = (voice: string) =>
      measureSpeech(
        concatRegions(
          orig,
          16000,
          d.truth.filter((s) => s.voice === voice),
        ),
        16000,
      ).pitchHz;
    const want = { a: truthOf("awb"), b: truthOf("slt") };
    const on = await pitchOf(true, doc);
    const off = await pitchOf(false, doc);
    const err = (got: number, w: number) => Math.abs(got / w - 1);
    expect(err(on.a, want.a)).toBeLessThan(0.15);
    expect(err(on.b, want.b)).toBeLessThan(0.15);
    expect(err(off.a, want.a)).toBeGreaterThan(0.15);
    expect(err(off.b, want.b)).toBeGreaterThan(0.15);
    // measured at this first use, reported with the settings
    expect(Object.keys(on.r.measured).sort()).toEqual(["a", "b"]);
    expect(on.r.report.voices.a?.follow?.style.pitch).toBeDefined();
    expect(on.r.report.voices.b?.follow?.style.shift).toBeGreaterThan(3);
    expect(off.r.report.voices.a?.follow).toBeUndefined();
  });

  it("leaves a speaker who does not match at the voice's own pitch, and uses measures it is given", async () => {
    const given: TranscriptDoc = {
      ...doc,
      speakers: [
        { ...doc.speakers[0]!, style: { match: false } },
        {
          ...doc.speakers[1]!,
          style: { match: true, measured: { pitchHz: 150, rangeSt: 3, syllablesPerSec: 4 } },
        },
      ],
    };
    const r = await dub(d.video, given, {
      ...{ background: "remove", subtitles: false },
      output: join(t.dir, "out-given.mp4"),
      workDir: join(t.dir, "work-given"),
    });
    expect(r.report.voices.a?.follow).toBeUndefined();
    expect(r.report.voices.b?.follow?.target.pitchHz).toBe(150);
    expect(r.measured).toEqual({});
  });
});
