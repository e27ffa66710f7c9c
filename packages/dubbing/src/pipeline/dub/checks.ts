// The checks run with a dub: measureLines starts as soon as the clips are synthesized and runs beside the
// mix and the encode (the clips heard back by the recognition worker, the stems read under each line, each
// clip's peaks, level and pitch); cardOf then adds what the finished plan says (fit) and the text checks,
// all pure, and grades every dubbed line.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseWav, toMono } from "../../audio/wav.ts";
import { checkClipping } from "../../checks/clipping.ts";
import { checkFit } from "../../checks/fit.ts";
import { checkGlossary } from "../../checks/glossary.ts";
import { type Heard, hearClips } from "../../checks/hear.ts";
import { checkIntelligibility } from "../../checks/intelligibility.ts";
import { checkLoudness, voicedLevel } from "../../checks/loudness.ts";
import { checkMeaning } from "../../checks/meaning.ts";
import { aroundLine, checkMusic } from "../../checks/music.ts";
import { checkOriginalVoice } from "../../checks/original-voice.ts";
import { checkPitch } from "../../checks/pitch.ts";
import { STEM_CHECK_RATE, type StemWindows, stemWindows } from "../../checks/stems.ts";
import { type Finding, type ReportCard, reportCard, type TextContext } from "../../checks/types.ts";
import { checkUntranslated } from "../../checks/untranslated.ts";
import type { PlannedSegment } from "../../doc.ts";
import type { EngineRegistry } from "../../engines/registry.ts";
import type { LanguageCode } from "../../languages.ts";
import { partsProgress, since } from "../common.ts";
import { speakerFindings } from "./speaker-voice.ts";
import type { BackgroundMode, SegmentReport, SynthesizedSegment } from "./types.ts";

export interface LineMeasures {
  index: number;
  clipping: Finding;
  level: number | null;
  pitch: Finding;
  originalVoice: Finding;
  music: Finding;
  /** Whether the line's voice in the original is its speaker's (checks/speaker.ts). */
  speaker: Finding;
  heard: Heard;
}

export interface MeasureInput {
  registry: EngineRegistry;
  language: LanguageCode;
  clipDir: string;
  workDir: string;
  segments: readonly PlannedSegment[];
  synth: readonly (SynthesizedSegment | null)[];
  background: BackgroundMode;
  duckDb: number;
  /** The separated stems the background came from ("keep"). */
  stems?: { background: string; voice: string } | null;
  /** The speaker's measured pitch (Hz) for the voices that follow their speaker. */
  pitchOf: (speaker: string) => number | undefined;
  /** The original video, when it has audio: each line's voice is compared with its speaker's there. */
  original?: { video: string; nameOf: (speaker: string) => string };
  /** The hearing back (speech recognition of every clip, the slowest measure) not done: each line says why. */
  hearing?: { skipped: string };
  /** Filled with each measure's wall seconds (cardHear, cardSpeaker, cardStems, cardClips). */
  timings?: Record<string, number>;
  signal?: AbortSignal;
  /**
   * How far the measures are (0..1): the hearing's recognition (0.6), the speaker check (0.15) and the
   * lines measured (0.25).
   */
  onProgress?: (fraction: number) => void;
}

/** The clips heard back, when the input says so (hearClips), each measure's time noted. */
async function hearing(
  m: MeasureInput,
  keys: string[],
  onProgress: (fraction: number) => void,
): Promise<Map<string, Heard>> {
  const h = m.hearing;
  if (h) return new Map(keys.map((k) => [k, { skipped: h.skipped }]));
  const t = performance.now();
  const heard = await hearClips({
    ...{ registry: m.registry, language: m.language, clipDir: m.clipDir, workDir: m.workDir },
    ...{ keys, signal: m.signal, onProgress },
  });
  if (m.timings) m.timings.cardHear = since(t);
  return heard;
}

/** What the stems say under one line, or why they are not looked at. */
function originalVoiceUnlessKept(m: MeasureInput, seg: PlannedSegment): Finding | null {
  const f = (status: Finding["status"], message: string): Finding => ({
    check: "original-voice",
    status,
    message,
  });
  if (m.background === "remove") return f("ok", "The original audio is left out of this dub.");
  if (m.background === "duck")
    return f("skipped", `The original is lowered by ${m.duckDb} dB under the dub, not removed.`);
  if (seg.keepOriginal) return f("skipped", "The original voice is kept under this line, as asked.");
  if (!m.stems) return f("skipped", "The original audio has no separated stems.");
  return null;
}

/** Pure: why the music under a line is not measured (the background is not the separated one), or null. */
function musicUnlessKept(m: MeasureInput, seg: PlannedSegment): Finding | null {
  const why = originalVoiceUnlessKept(m, seg);
  if (!why) return null;
  const message =
    m.background === "remove"
      ? "The original audio is left out of this dub, as asked."
      : m.background === "duck"
        ? `The original is lowered by ${m.duckDb} dB under the dub, as asked.`
        : why.message;
  return { check: "music", status: "skipped", message };
}

/** The stems under a line and the background around it: the original-voice and music findings. */
async function stemFindings(
  windows: StemWindows,
  seg: PlannedSegment,
  lines: readonly PlannedSegment[],
): Promise<{ originalVoice: Finding; music: Finding }> {
  const under = await windows.read(seg.start, seg.end);
  const around: Float32Array[] = [];
  for (const span of aroundLine(seg, lines))
    around.push((await windows.read(span.start, span.end)).background);
  return {
    originalVoice: checkOriginalVoice(under.background, under.voice),
    music: checkMusic(under, around, STEM_CHECK_RATE),
  };
}

/** The speaker finding where the original has no audio to compare the line's voice in. */
const NO_ORIGINAL: Finding = {
  check: "speaker",
  status: "skipped",
  message: "The original has no audio to hear whose voice each line is.",
};

/** The measures of every dubbed line (started beside the mix; reads the clips and the stems). */
export async function measureLines(m: MeasureInput): Promise<LineMeasures[]> {
  const dubbed = m.segments.flatMap((seg, i) => {
    const s = m.synth[i];
    return s ? [{ seg, s }] : [];
  });
  // the hearing, the speaker check and the lines measured, by their share of the time (the hearing's
  // recognition is the slowest: docs/ENGINES.md)
  const part = partsProgress([0.6, 0.15, 0.25], m.onProgress);
  const heardBack = hearing(
    m,
    dubbed.map((d) => d.s.key),
    (f) => part(0, f),
  ).finally(() => part(0, 1));
  // awaited at the end; a failure before then must not be an unhandled rejection
  heardBack.catch(() => {});
  const needStems = dubbed.some(({ seg }) => !originalVoiceUnlessKept(m, seg));
  let t = performance.now();
  const speakers = m.original
    ? await speakerFindings(m.original.video, m.segments, new Set(dubbed.map((d) => d.seg.index)), {
        nameOf: m.original.nameOf,
        signal: m.signal,
        onProgress: (f) => part(1, f),
      })
    : null;
  if (m.timings) m.timings.cardSpeaker = since(t);
  part(1, 1);
  t = performance.now();
  const windows = needStems && m.stems ? await stemWindows(m.stems, m.workDir, m.signal) : null;
  const openMs = performance.now() - t;
  let stemsMs = 0; // the stems read under each line, inside the clips' loop
  try {
    t = performance.now();
    const out: Omit<LineMeasures, "heard">[] = [];
    for (const { seg, s } of dubbed) {
      const pcm = parseWav(await readFile(join(m.clipDir, `${s.key}.wav`)));
      const clip = toMono(pcm);
      let originalVoice = originalVoiceUnlessKept(m, seg);
      let music = musicUnlessKept(m, seg);
      if (!originalVoice && windows) {
        const read = performance.now();
        ({ originalVoice, music } = await stemFindings(windows, seg, m.segments));
        stemsMs += performance.now() - read;
      }
      out.push({
        index: seg.index,
        clipping: checkClipping(pcm.data),
        level: voicedLevel(clip, pcm.sampleRate),
        pitch: checkPitch(clip, pcm.sampleRate, m.pitchOf(seg.speaker)),
        originalVoice: originalVoice ?? { check: "original-voice", status: "skipped", message: "No stems." },
        music: music ?? { check: "music", status: "skipped", message: "No stems." },
        speaker: speakers?.get(seg.index) ?? NO_ORIGINAL,
      });
      part(2, out.length / dubbed.length);
    }
    part(2, 1);
    if (m.timings) {
      m.timings.cardStems = Math.round(openMs + stemsMs) / 1000;
      m.timings.cardClips = Math.round(since(t) * 1000 - stemsMs) / 1000;
    }
    const heard = await heardBack;
    return out.map((o, i) => ({ ...o, heard: heard.get(dubbed[i]!.s.key) ?? { skipped: "Not heard." } }));
  } finally {
    await windows?.close();
  }
}

/** Pure: the report card from the measures, the report's lines and what the translation tells. */
export function cardOf(
  measures: readonly LineMeasures[],
  lines: readonly SegmentReport[],
  language: string,
  text: TextContext = {},
): ReportCard {
  const byIndex = new Map(lines.map((l) => [l.index, l]));
  // the next dubbed line on the output's timeline, for overlaps
  const placed = lines.filter((l) => l.placed).sort((a, b) => a.placed!.start - b.placed!.start);
  const nextStart = new Map(placed.map((l, i) => [l.index, placed[i + 1]?.placed?.start ?? null]));
  const loudness = checkLoudness(measures.map((m) => m.level));
  return reportCard(
    measures.map((m, i) => {
      const line = byIndex.get(m.index);
      const lineText = line?.text ?? "";
      const checks: Finding[] = [];
      if (line)
        checks.push(
          checkFit({
            ...{ speed: line.speed, tooLong: line.tooLong, placed: line.placed },
            ...{ nextStart: nextStart.get(m.index) ?? null, waitMs: line.waitMs, delayMs: line.delayMs },
          }),
        );
      checks.push(
        checkUntranslated({
          text: lineText,
          source: text.sources?.[m.index],
          sourceLanguage: text.sourceLanguage,
          targetLanguage: language,
          route: text.route,
          unknownWords: text.unknownWords?.[m.index],
        }),
        checkMeaning({
          ...{ text: lineText, targetLanguage: language, source: text.sources?.[m.index] },
          ...{ back: text.back?.texts[m.index], backSkipped: text.back?.skipped },
        }),
        checkGlossary(
          lineText,
          (text.glossaryMisses ?? []).filter((g) => g.segment === m.index),
        ),
        m.originalVoice,
        m.music,
        m.clipping,
        loudness[i]!,
        checkIntelligibility(lineText, m.heard),
        m.pitch,
        m.speaker,
      );
      return { index: m.index, checks };
    }),
  );
}
