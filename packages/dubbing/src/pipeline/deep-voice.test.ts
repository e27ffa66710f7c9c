// A deep man (75 Hz) dubbed into Spanish offline: Pico's lowered voice (148 Hz) would have to come down a
// whole octave, past what "Match the speaker" does without losing words, so his lines go to a voice that
// sets its own pitch, and the dub is heard within 15 % of his.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { medianPitch } from "../audio/features.ts";
import type { TranscriptDoc } from "../doc.ts";
import { DIALOGUE, makeDialogue } from "../testing/dialogue.ts";
import { tempDir } from "../testing/fixtures.ts";
import { dub } from "./dub.ts";

const tmp = tempDir("deep-voice-");
afterAll(tmp.cleanup);

describe("a deep man's voice", () => {
  it("is heard within 15 % of his 75 Hz in Spanish", async () => {
    const lines = DIALOGUE.slice(0, 3).map((l) => ({ ...l, voice: "awb" }));
    const { video, truth } = makeDialogue(tmp.dir, lines, { name: "deep" });
    const spanish = [
      "Buenos días y bienvenidos al programa.",
      "Gracias, es un placer estar aquí hoy.",
      "Hablemos del tiempo en las montañas esta semana.",
    ];
    const measured = { pitchHz: 75, rangeSt: 4, syllablesPerSec: 4.5 };
    const doc: TranscriptDoc = {
      language: "es",
      speakers: [
        {
          id: "m",
          name: "M",
          selectedVoice: "es-ES-TristanMultilingualNeural",
          style: { match: true, measured },
        },
      ],
      transcript: truth.map((t, i) => ({ speaker: "m", text: spanish[i]!, start: t.start, end: t.end })),
    };
    const output = join(tmp.dir, "deep.es.mp4");
    const r = await dub(video, doc, {
      output,
      workDir: join(tmp.dir, "work"),
      background: "remove",
      checks: false,
    });
    expect(r.report.voices?.m?.engine).toBe("espeak-ng");
    const raw = execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-i", output],
      ...["-ac", "1", "-ar", "16000", "-f", "f32le", "-"],
    ]);
    const audio = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
    const heard = medianPitch(audio, 16000, truth);
    expect(Math.abs(heard / 75 - 1), `heard at ${heard} Hz`).toBeLessThan(0.15);
  }, 120_000);
});
