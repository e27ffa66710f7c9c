// The checks in a real dub: LibriVox speech over real music, separated and kept, dubbed into English
// (which the installed tiny.en model hears back), with a line left in Spanish and a line that lost its
// glossary term. Then the same dub again in the same work dir, as a one-line re-dub is: the clips already
// heard are not heard again.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TranscriptDoc } from "../../doc.ts";
import { tempDir } from "../../testing/fixtures.ts";
import { joinSpeech, speechOverMusic } from "../../testing/music.ts";
import { dub } from "../dub.ts";

const tmp = tempDir("checks-run-");
afterAll(tmp.cleanup);
const LIB = "/usr/share/pocketsphinx/test/data/librivox";

describe("a dub's report card", () => {
  let video: string;
  let truth: { start: number; end: number }[];
  beforeAll(() => {
    const wav = join(tmp.dir, "speech.wav");
    const ids = ["0870", "0880", "0890"];
    truth = joinSpeech(
      wav,
      ids.map((id) => join(LIB, `sense_and_sensibility_01_austen_64kb-${id}.wav`)),
      1500,
    );
    video = speechOverMusic(tmp.dir, wav, { music: "frontiers.mp3", musicDb: -14 }).video;
  }, 120_000);

  it("checks every dubbed line, and a re-dub hears only what changed", async () => {
    const [a, b, c] = truth as [
      { start: number; end: number },
      { start: number; end: number },
      { start: number; end: number },
    ];
    const doc: TranscriptDoc = {
      language: "en",
      speakers: [{ id: "s", name: "S", selectedVoice: "" }],
      transcript: [
        { speaker: "s", text: "The house was quiet in the morning.", ...a },
        { speaker: "s", text: "Esta es una frase que nadie tradujo para el vídeo.", ...b },
        { speaker: "s", text: "We store everything in the cloud.", ...c },
      ],
    };
    const workDir = join(tmp.dir, "work");
    const checks = {
      sourceLanguage: "es",
      sources: ["La casa estaba tranquila por la mañana.", "x", "Guardamos todo en Acme Nube."],
      glossaryMisses: [{ segment: 2, term: "Acme Nube", expected: "Acme Cloud" }],
    };
    const stemsDir = join(tmp.dir, "stems");
    const opts = { workDir, checks, follow: false, stemsDir };
    // the card checked once the video is written (as the CLI does): the dub waits for every check, and
    // says how far they are while it does
    const seen: { stage: string; fraction: number }[] = [];
    const r = await dub(video, doc, {
      ...{ output: join(tmp.dir, "out.mp4"), ...opts, cardAfterVideo: true },
      onProgress: (p) => seen.push(p),
    });
    const checking = seen.filter((p) => p.stage === "check").map((p) => p.fraction);
    expect(checking.filter((f) => f < 1).length).toBeGreaterThan(1);
    expect(checking.at(-1)).toBe(1);
    expect(seen.findLastIndex((p) => p.stage === "encode")).toBeLessThan(
      seen.findIndex((p) => p.stage === "check"),
    );
    const lines = r.report.lines ?? [];
    expect(lines.map((l) => l.index)).toEqual([0, 1, 2]);
    const finding = (i: number, check: string) => lines[i]?.checks.find((f) => f.check === check);
    expect(finding(1, "untranslated")?.status).toBe("fail");
    expect(finding(2, "glossary")?.status).toBe("fail");
    expect(finding(0, "untranslated")?.status).toBe("ok");
    // heard back by the recognition engine, not skipped; the stems were looked at under each line
    expect(finding(0, "intelligibility")?.status).not.toBe("skipped");
    expect(finding(0, "intelligibility")?.value).toBeLessThan(0.5);
    expect(finding(0, "original-voice")?.status).toBe("ok");
    // the music plays on under every line, measured against its level around it (here 0.1–1.4 dB lower)
    for (const i of [0, 1, 2]) expect(finding(i, "music")?.value).toBeLessThan(3);
    expect(finding(0, "pitch")?.status).toBe("skipped");
    expect(r.report.summary).toEqual({ ok: 1, warn: 0, fail: 2 });

    const heardFiles = async () =>
      (await readdir(join(workDir, "clips"))).filter((f) => f.endsWith(".heard.json"));
    expect(await heardFiles()).toHaveLength(3);
    doc.transcript[2]!.text = "We store everything in Acme Cloud.";
    const again = await dub(video, doc, {
      output: join(tmp.dir, "out2.mp4"),
      workDir,
      checks,
      follow: false,
    });
    expect(again.report.lines?.[2]?.checks.find((f) => f.check === "glossary")?.status).toBe("ok");
    expect(await heardFiles()).toHaveLength(4);
    expect(again.report.summary?.fail).toBe(1);

    // a voice stem that cannot be read costs the dub its card, not the dub
    await writeFile(join(stemsDir, "voice.flac"), "not audio");
    const third = await dub(video, doc, { output: join(tmp.dir, "out3.mp4"), ...opts });
    expect(third.report.lines).toBeUndefined();
    expect(third.report.warnings.join("\n")).toMatch(/the lines were not checked/);
  }, 300_000);
});
