import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodeWav } from "../audio/wav.ts";
import { speakersFromCues } from "../subtitles/parse.ts";
import { tempDir } from "../testing/fixtures.ts";
import { createFliteEngine } from "../tts/flite.ts";
import { findVoice } from "../voices/catalog.ts";
import { measureSpeakers, voicesByPitch, voicesOfAdded } from "./speaker-voices.ts";

describe("voices by the speaker's pitch (real speech)", () => {
  const t = tempDir();
  afterAll(t.cleanup);

  it("gives Tom (a man, named first) a man's voice and Sarah a woman's", async () => {
    // a dialogue read by flite's US male (rms) and female (slt) voices, a second of silence between lines
    const flite = createFliteEngine();
    const lines = [
      {
        speaker: "Tom",
        voice: "rms",
        text: "Good morning, I have brought the papers you asked for yesterday.",
      },
      { speaker: "Sarah", voice: "slt", text: "Thank you, put them on the desk by the window, please." },
      { speaker: "Tom", voice: "rms", text: "Shall I also call the printer about the new covers?" },
      { speaker: "Sarah", voice: "slt", text: "Yes, and ask them when the first proofs will be ready." },
    ];
    const parts: Float32Array[] = [];
    const cues = [];
    let at = 0;
    for (const l of lines) {
      const clip = await flite.synthesize({ text: l.text, voice: l.voice, language: "en" });
      const ms = (clip.samples.length / clip.sampleRate) * 1000;
      cues.push({ speaker: l.speaker, text: l.text, start: Math.round(at), end: Math.round(at + ms) });
      parts.push(clip.samples, new Float32Array(clip.sampleRate));
      at += ms + 1000;
    }
    const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((o, p) => (all.set(p, o), o + p.length), 0);
    const wav = join(t.dir, "dialogue.wav");
    await writeFile(wav, encodeWav(all, 16000));

    // the names in order alone: Tom, first, got a woman's voice
    const doc = speakersFromCues(cues, (i) =>
      i === 0 ? "en-US-AvaMultilingualNeural" : "en-US-AndrewMultilingualNeural",
    );
    const ids = new Set(doc.speakers.map((s) => s.id));
    const measured = await measureSpeakers(wav, doc.transcript, ids);
    const speakers = voicesByPitch(doc.speakers, "en", measured, ids);
    const gender = (name: string) => findVoice(speakers.find((s) => s.name === name)!.selectedVoice)?.gender;
    expect(gender("Tom")).toBe("Male");
    expect(gender("Sarah")).toBe("Female");
    const tom = speakers.find((s) => s.name === "Tom")!;
    expect(tom.style?.measured?.pitchHz).toBeLessThan(155);
    expect(speakers.find((s) => s.name === "Sarah")!.style?.measured?.pitchHz).toBeGreaterThan(155);
  });

  it("leaves speakers that are not new, or not measured, as they were", () => {
    const s = [
      { id: "a", name: "A", selectedVoice: "en-US-AvaMultilingualNeural" },
      { id: "b", name: "B", selectedVoice: "en-US-EmmaMultilingualNeural" },
    ];
    const m = new Map([["a", { pitchHz: 110, rangeSt: 3, syllablesPerSec: 4 }]]);
    expect(voicesByPitch(s, "en", m, new Set(["b"]))).toEqual(s);
    expect(findVoice(voicesByPitch(s, "en", m, new Set(["a", "b"]))[0]!.selectedVoice)?.gender).toBe("Male");
  });

  it("gives a speaker added by hand a voice of their gender only when theirs is not, one nobody else has", () => {
    const s = [
      { id: "a", selectedVoice: "en-US-AndrewMultilingualNeural" },
      { id: "b", selectedVoice: "en-US-AndrewMultilingualNeural" },
      { id: "c", selectedVoice: "en-US-AvaMultilingualNeural" },
      { id: "d", selectedVoice: "my-voice-1" },
    ];
    const woman = { pitchHz: 190, rangeSt: 3, syllablesPerSec: 4 };
    const m = new Map([
      ["b", woman],
      ["c", woman],
      ["d", { ...woman, pitchHz: 100 }],
    ]);
    const out = voicesOfAdded(s, "en", m);
    expect(out[0]).toBe(s[0]); // not measured
    expect(findVoice(out[1]!.selectedVoice)?.gender).toBe("Female");
    expect(out[1]!.selectedVoice).not.toBe("en-US-AvaMultilingualNeural"); // c has it
    expect(out[2]).toBe(s[2]); // a woman's voice already
    expect(out[3]).toBe(s[3]); // the user's own voice
  });
});
