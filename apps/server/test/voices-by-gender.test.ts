// A man and a woman over music, dubbed offline into Spanish, French and German through the real server:
// the published audio is heard under each speaker's lines, a man's voice for the man and a woman's for
// the woman in every language (each near the speaker's own pitch: "Match the speaker" is on by default),
// and the report card finds the music playing on under every line.
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { findVoice, toSrt } from "@dubbing/dubbing";
import { medianPitch } from "@dubbing/dubbing/audio/features.ts";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { speechOverMusic } from "@dubbing/dubbing/testing/music.ts";
import { MALE_PITCH_HZ } from "@dubbing/dubbing/voices/gender.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, uploadReady } from "./http.ts";

const tmp = tempFolder("voices-by-gender-");
const RATE = 16_000;
let video: string;
beforeAll(() => {
  const { wav } = makeDialogue(tmp.path, DIALOGUE, { name: "pair" });
  // frontiers.mp3 14 dB under the speech's active level, from its 30th second
  video = speechOverMusic(tmp.path, wav, { name: "pair-music" }).video;
}, 120_000);

/** The published dub's audio, 16 kHz mono. */
async function heard(url: string, name: string): Promise<Float32Array> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const file = path.join(tmp.path, name);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  const raw = execFileSync(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-i", file],
      ...["-ac", "1", "-ar", String(RATE), "-f", "f32le", "-"],
    ],
    { maxBuffer: 1 << 28 },
  );
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4).slice();
}

/** DIALOGUE in German. */
const GERMAN = [
  "Guten Morgen und willkommen zur Sendung.",
  "Danke, es ist mir eine Freude, heute hier zu sein.",
  "Sprechen wir über das Wetter in den Bergen diese Woche.",
  "Viele Leute wollen am Wochenende verreisen.",
  "Die Vorhersage sagt, es wird kalt und windig mit etwas Schnee.",
  "Die meisten Straßen bleiben offen, aber Fahrer sollten vorsichtig sein.",
  "Vielen Dank für Ihre Zeit.",
  "Gern geschehen, einen schönen Abend noch.",
];

interface Slot {
  speaker: string;
  start: number;
  end: number;
}
interface Finding {
  check: string;
  status: string;
  value?: number;
}

describe.each(PIPELINE_MODES)("a man's voice for the man, a woman's for the woman (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("in Spanish, French and German, with the music kept under the lines", async () => {
    const project = await uploadReady(ts.baseUrl, cookie, video, "A man and a woman", { speakers: "2" });
    const id = project._id as string;
    const speakers = project.speakers as {
      id: string;
      selectedVoice: string;
      style?: { measured?: { pitchHz: number } };
    }[];
    expect(speakers).toHaveLength(2);
    const man = speakers.find((s) => s.id === project.transcript[0].speaker)!;
    const woman = speakers.find((s) => s.id !== man.id)!;
    expect(findVoice(man.selectedVoice)?.gender).toBe("Male");
    expect(findVoice(woman.selectedVoice)?.gender).toBe("Female");
    const own = (s: typeof man) => s.style!.measured!.pitchHz;

    for (const language of ["es", "fr", "de"]) {
      if (language === "de") {
        // no engine here translates English into German (Apertium has no such pair): typed, as a creator may
        const srt = toSrt(
          (project.transcript as Slot[]).map((l, i) => ({ ...l, text: GERMAN[i] ?? GERMAN[0]! })),
        );
        const form = new FormData();
        form.set("subtitles", new Blob([srt]), "de.srt");
        const saved = await fetch(`${ts.baseUrl}/api/video/${id}/subtitles/de`, {
          method: "POST",
          body: form,
          headers: { cookie },
        });
        expect(saved.status, await saved.clone().text()).toBe(200);
      } else {
        const tr = await startAndWait(ts.baseUrl, cookie, id, "translate", language, 120);
        expect(tr.body.status, JSON.stringify(tr.body)).toBe("translated");
      }
      const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", language, 300);
      expect(dubbed.status, JSON.stringify(dubbed.body)).toBe(200);
      const report = dubbed.body.translation.report;
      expect(report.background).toBe("keep");
      const audio = await heard(`${ts.baseUrl}${dubbed.body.dubVideoUrl}`, `dub-${language}.mp4`);
      // each line's slot on the timeline (the dub keeps the video's length: a clip plays in its slot)
      const lines = dubbed.body.translation.transcript as Slot[];
      const pitchOf = (speaker: string) =>
        medianPitch(
          audio,
          RATE,
          lines.filter((l) => l.speaker === speaker),
        );
      const his = pitchOf(man.id);
      const hers = pitchOf(woman.id);
      const what = `${language}: the man's lines at ${his} Hz (his ${own(man)}), the woman's at ${hers} Hz (hers ${own(woman)})`;
      expect(his, what).toBeGreaterThan(0);
      expect(his, what).toBeLessThan(MALE_PITCH_HZ);
      expect(hers, what).toBeGreaterThan(MALE_PITCH_HZ);
      expect(Math.abs(his / own(man) - 1), what).toBeLessThan(0.15);
      expect(Math.abs(hers / own(woman) - 1), what).toBeLessThan(0.15);
      // the music plays on under every line, within 3 dB of its level around it
      for (const line of report.lines as { index: number; checks: Finding[] }[]) {
        const music = line.checks.find((c) => c.check === "music");
        expect(music?.status, `${language} line ${line.index}: ${JSON.stringify(music)}`).toBe("ok");
      }
    }
    // the translations' cards are kept with them
    const list = await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`);
    expect(Object.keys(list.body).sort()).toEqual(["de", "es", "fr"]);
  });
});
