// The CLI as a user runs it: a real process, exit codes, messages on stderr, files written.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withoutEngineEnv } from "../engines/options.ts";
import { LIBRIVOX_DIR, makeTestVideo, tempDir } from "../testing/fixtures.ts";
import { joinSpeech, speechOverMusic } from "../testing/music.ts";
import { QUICK_CARD } from "./args.ts";

const MAIN = new URL("./main.ts", import.meta.url).pathname;
const t = tempDir("dub-cli-");
afterAll(t.cleanup);

function dub(...args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    encoding: "utf8",
    cwd: t.dir,
    // the CLI reads engine variables: a developer's own keys never reach a test
    env: withoutEngineEnv(process.env),
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Each card line's hearing: "heard" when it was heard back, else why not. */
function heardBack(rep: { lines: { checks: { check: string; status: string; message: string }[] }[] }) {
  return rep.lines.map((l) => {
    const f = l.checks.find((c) => c.check === "intelligibility");
    return f?.status === "skipped" ? f.message : "heard";
  });
}

const doc = {
  language: "en",
  speakers: [{ id: "s1", name: "Speaker 1", selectedVoice: "en-US-AvaMultilingualNeural" }],
  transcript: [
    { speaker: "s1", text: "The house is red.", start: 200, end: 1800 },
    { speaker: "s1", text: "I like cats.", start: 2200, end: 3600 },
  ],
};

describe("dub CLI", () => {
  it("prints help and exits 0; a wrong command line exits 2 with the usage", () => {
    const h = dub("--help");
    expect(h.code).toBe(0);
    expect(h.out).toMatch(/Usage: dub <command>/);
    expect(dub("render", "--help").out).toMatch(/Usage: dub render VIDEO TRANSCRIPT/);
    const bad = dub("translate", "x.json");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/dub: missing --to LANG/);
    expect(bad.err).toMatch(/Usage: dub translate/);
  });

  it("says a file is missing or not a video (exit 3)", () => {
    const missing = dub("transcribe", "nope.mp4", "-o", "t.json");
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/dub: file not found: nope\.mp4/);
    writeFileSync(join(t.dir, "notes.mp4"), "just some text, not a video\n".repeat(20));
    const notVideo = dub("transcribe", "notes.mp4", "-o", "t.json");
    expect(notVideo.code).toBe(3);
    expect(notVideo.err).toMatch(/not a media file/);
  });

  it("says when the output cannot be written, before any work (exit 1)", () => {
    writeFileSync(join(t.dir, "blocker"), "a file where a folder should be");
    const r = dub("transcribe", "nope.mp4", "-o", "blocker/t.json");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/dub: cannot mkdir .*blocker: (EEXIST|ENOTDIR)/);
  });

  it("translates a transcript file and says when no engine serves a language (exit 4)", () => {
    writeFileSync(join(t.dir, "en.json"), JSON.stringify(doc));
    const ok = dub("translate", "en.json", "--to", "es", "-o", "es.json");
    expect(ok.code).toBe(0);
    expect(ok.err).toMatch(/en → es → es\.json/);
    const es = JSON.parse(readFileSync(join(t.dir, "es.json"), "utf8"));
    expect(es.language).toBe("es");
    expect(es.transcript[0].text).toMatch(/casa/i);
    const none = dub("translate", "en.json", "--to", "ko", "-o", "ko.json");
    expect(none.code).toBe(4);
    expect(none.err).toMatch(/no MT engine for English → Korean/);
  });

  it("renders a transcript into a video: MP4, SRT, VTT and report", () => {
    makeTestVideo(join(t.dir, "v.mp4"), 4);
    const r = dub("render", "v.mp4", "es.json", "-o", "out/v.es.mp4");
    expect(r.code).toBe(0);
    // the last stage is the card's checks ("Checking the dubbed lines"), after the video
    expect(r.err).toMatch(/render: check 100%/);
    const rep = JSON.parse(readFileSync(join(t.dir, "out/v.es.report.json"), "utf8"));
    expect(rep.totals.dubbed).toBe(2);
    expect(readFileSync(join(t.dir, "out/v.es.srt"), "utf8")).toMatch(/^1\n00:00:00,200 --> 00:00:01,800\n/);
    // the video and its subtitles first, then the full card's checks: every line heard back
    const said = r.err.split("\n");
    const video = said.findIndex((l) =>
      /^video written in [\d.]+ s: out\/v\.es\.mp4, v\.es\.srt, v\.es\.vtt$/.test(l),
    );
    const report = said.findIndex((l) => l.startsWith("report written: out/v.es.report.json (report card: "));
    expect(video, r.err).toBeGreaterThanOrEqual(0);
    expect(report, r.err).toBeGreaterThan(video);
    expect(said.slice(video, report).join("\n")).toMatch(
      /report card: checking the lines, hearing them back/,
    );
    expect(heardBack(rep)).toEqual(["heard", "heard"]);
    expect(rep.timings.cardHear).toBeGreaterThan(0);
  });

  it("renders with the quick card: the video, and a card that says no line was heard back", () => {
    const r = dub("render", "v.mp4", "es.json", "-o", "quick/v.es.mp4", "--card", "quick");
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^video written in [\d.]+ s: quick\/v\.es\.mp4, v\.es\.srt, v\.es\.vtt$/m);
    expect(r.err).toMatch(/^report card: checking the lines…$/m);
    expect(r.err).toMatch(/report card: .*; 2 line\(s\) not heard back\)$/m);
    const rep = JSON.parse(readFileSync(join(t.dir, "quick/v.es.report.json"), "utf8"));
    expect(heardBack(rep)).toEqual([QUICK_CARD, QUICK_CARD]);
    expect(rep.timings.cardHear).toBeUndefined();
    // the other checks ran: each line's fit and its clip measured
    for (const l of rep.lines)
      for (const check of ["fit", "clipping"])
        expect(l.checks.find((c: { check: string }) => c.check === check)?.status).not.toBe("skipped");
  });

  it("transcribe keeps the stems it made beside its output, and render of the same video reuses them", () => {
    const wav = join(t.dir, "reader.wav");
    joinSpeech(wav, [join(LIBRIVOX_DIR, "sense_and_sensibility_01_austen_64kb-0870.wav")], 2000);
    const clip = speechOverMusic(t.dir, wav, { name: "reader", music: "frontiers.mp3", musicDb: -14 });
    const tr = dub("transcribe", clip.video, "-o", "reader.json");
    expect(tr.code, tr.err).toBe(0);
    const en = JSON.parse(readFileSync(join(t.dir, "reader.json"), "utf8"));
    expect(en.meta.stems).toMatchObject({ dir: join(t.dir, "reader.stems"), video: clip.video });
    // marked, so that the render's report shows whose stems it used
    const info = join(t.dir, "reader.stems", "stems.json");
    writeFileSync(
      info,
      JSON.stringify({ ...JSON.parse(readFileSync(info, "utf8")), engine: "made-by-transcribe" }),
    );
    expect(dub("translate", "reader.json", "--to", "es", "-o", "reader.es.json").code).toBe(0);
    const r = dub("render", clip.video, "reader.es.json", "-o", "out/reader.es.mp4");
    expect(r.code, r.err).toBe(0);
    const rep = JSON.parse(readFileSync(join(t.dir, "out/reader.es.report.json"), "utf8"));
    expect(rep.separation).toMatchObject({ requested: "keep", engine: "made-by-transcribe" });
  }, 600_000);

  it("lists engines per language and the voice catalogue", () => {
    const e = dub("engines");
    expect(e.code).toBe(0);
    expect(e.out).toMatch(
      /^en\s+English\s+asr: faster-whisper,pocketsphinx\s+tts: piper,pico,flite,espeak-ng/m,
    );
    expect(e.out).toMatch(/^pt .*translate from: .*en \(via es\)/m);
    const v = dub("voices");
    expect(v.out.trim().split("\n")).toHaveLength(47);
  });
});
