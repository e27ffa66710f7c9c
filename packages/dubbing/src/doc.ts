// The transcript document, in the shapes the API publishes for a project: language, speakers {id, name,
// selectedVoice}, transcript segments {speaker, text, start, end} in milliseconds. `meta` records the
// engines and parameters that produced it (optional; the server may store it or drop it).

import { followedPitchHz } from "@dubbing/contract/voices";
import type { Prosody } from "./audio/prosody.ts";
import { DubError } from "./errors.ts";
import { isLanguageCode, type LanguageCode } from "./languages.ts";
import type { GlossaryMiss } from "./mt/glossary.ts";

export interface Speaker {
  id: string;
  name: string;
  /** A catalogue voice value (e.g. "en-US-AvaMultilingualNeural") or a local voice "engine:id". */
  selectedVoice: string;
  /** How the offline voice follows this speaker; absent: it matches them, measured at first use. */
  style?: SpeakerStyle;
}

/**
 * "Match the speaker": the offline voice speaks at this speaker's pitch and pace (on by default). The
 * user's own pitch and pace, when given, take the place of the measured ones.
 */
export interface SpeakerStyle {
  match: boolean;
  /** Measured from the speaker's own segments (at transcription, or at the first dub). */
  measured?: Prosody;
  /** The user's pitch (Hz), in place of the measured one. */
  pitchHz?: number;
  /** The user's pace (syllables per second), in place of the measured one. */
  syllablesPerSec?: number;
}

/** Pure: the prosody a speaker's offline voice is to take, or null (not matching, or nothing known). */
export function styleTarget(style: SpeakerStyle | undefined): Prosody | null {
  if (style && !style.match) return null;
  const m = style?.measured;
  const pitchHz = followedPitchHz(style) ?? 0;
  const syllablesPerSec = style?.syllablesPerSec ?? m?.syllablesPerSec ?? 0;
  if (pitchHz <= 0 && syllablesPerSec <= 0) return null;
  return { pitchHz, rangeSt: m?.rangeSt ?? 0, syllablesPerSec };
}

const isNumbers = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((x) => typeof x === "number" && Number.isFinite(x));

const positive = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v > 0;

/** Pure: a speaker style read from JSON, or undefined when it is not one (unknown fields dropped). */
export function parseStyle(value: unknown): SpeakerStyle | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const m = (o.measured ?? null) as Record<string, unknown> | null;
  const measured =
    m && typeof m === "object" && typeof m.pitchHz === "number" && typeof m.syllablesPerSec === "number"
      ? {
          pitchHz: m.pitchHz,
          rangeSt: typeof m.rangeSt === "number" ? m.rangeSt : 0,
          syllablesPerSec: m.syllablesPerSec,
          ...(isNumbers(m.voiceprint) ? { voiceprint: m.voiceprint } : {}),
        }
      : undefined;
  return {
    match: o.match !== false,
    ...(measured ? { measured } : {}),
    ...(positive(o.pitchHz) ? { pitchHz: o.pitchHz } : {}),
    ...(positive(o.syllablesPerSec) ? { syllablesPerSec: o.syllablesPerSec } : {}),
  };
}

export interface Segment {
  speaker: string;
  text: string;
  /** ms */
  start: number;
  /** ms */
  end: number;
  /** Keep the original voice under this line (a quote, a song) when the background is "keep". */
  keepOriginal?: boolean;
  /** A translated line rewritten shorter to fit its time: the engine's first rendering. */
  shortenedFrom?: string;
  /** The picture waits for this line when it needs more time, whatever the dub's timing mode. */
  pictureWaits?: boolean;
}

export interface EngineRecord {
  id: string;
  params?: Record<string, unknown>;
}

export interface DocMeta {
  durationMs?: number;
  asr?: EngineRecord;
  /** "detect": the language recognition heard and how sure it was (0–1). */
  detected?: { language: string; probability: number };
  diarization?: EngineRecord;
  translation?: EngineRecord & {
    from: string;
    to: string;
    route: string[];
    /** Segments whose glossary term did not survive the translation. */
    glossaryMisses?: GlossaryMiss[];
    /** Words the translator did not know, by segment index (Apertium marks them). */
    unknownWords?: Record<number, string[]>;
    /** Lines over their budget after translation, and how many the engine shortened within it. */
    fit?: { overLong: number; shortened: number };
  };
  /** The voice/background separation recognition listened to, or why there was none. */
  separation?: { id: string | null; params?: Record<string, unknown>; reason?: string };
  /** Seconds per stage. */
  timings?: Record<string, number>;
  /** Where `dub transcribe` kept the stems it made (absolute), and of which video: `dub render` reuses them. */
  stems?: { dir: string; video: string; videoBytes: number };
}

export interface TranscriptDoc {
  language: LanguageCode;
  speakers: Speaker[];
  transcript: Segment[];
  meta?: DocMeta;
}

function fail(msg: string): never {
  throw new DubError("invalid_document", msg);
}

/** Checks the shape of a parsed JSON transcript document (as written by `dub transcribe`). */
export function parseDoc(value: unknown): TranscriptDoc {
  if (typeof value !== "object" || value === null) fail("the document is not a JSON object");
  const v = value as Record<string, unknown>;
  if (typeof v.language !== "string") fail('"language" is missing');
  if (!isLanguageCode(v.language))
    throw new DubError("unsupported_language", `unsupported language "${v.language}"`);
  if (!Array.isArray(v.speakers)) fail('"speakers" must be a list');
  if (!Array.isArray(v.transcript)) fail('"transcript" must be a list');
  const speakers = v.speakers.map((s: unknown, i): Speaker => {
    const o = (s ?? {}) as Record<string, unknown>;
    if (typeof o.id !== "string" || !o.id) fail(`speakers[${i}].id must be a non-empty string`);
    const style = parseStyle(o.style);
    return {
      id: o.id,
      name: typeof o.name === "string" ? o.name : o.id,
      selectedVoice: typeof o.selectedVoice === "string" ? o.selectedVoice : "",
      ...(style ? { style } : {}),
    };
  });
  const transcript = v.transcript.map((s: unknown, i): Segment => {
    const o = (s ?? {}) as Record<string, unknown>;
    if (typeof o.speaker !== "string") fail(`transcript[${i}].speaker must be a string`);
    if (typeof o.text !== "string") fail(`transcript[${i}].text must be a string`);
    if (typeof o.start !== "number" || !Number.isFinite(o.start))
      fail(`transcript[${i}].start must be a number (ms)`);
    if (typeof o.end !== "number" || !Number.isFinite(o.end))
      fail(`transcript[${i}].end must be a number (ms)`);
    return {
      ...{ speaker: o.speaker, text: o.text, start: o.start, end: o.end },
      ...(o.keepOriginal === true ? { keepOriginal: true } : {}),
      ...(o.pictureWaits === true ? { pictureWaits: true } : {}),
    };
  });
  return {
    language: v.language,
    speakers,
    transcript,
    ...(typeof v.meta === "object" && v.meta !== null ? { meta: v.meta as DocMeta } : {}),
  };
}

export interface PlannedSegment extends Segment {
  /** Index in the document's transcript. */
  index: number;
}

/**
 * Pure: the segments to dub, checked against the media duration. Impossible times are errors
 * (negative start, end ≤ start, start at or past the end of the media); an end past the media end is
 * clamped; segments out of order are sorted by start (the document order is kept in `index`); an
 * unknown speaker id is an error.
 */
export function planSegments(
  doc: TranscriptDoc,
  durationMs: number,
): { segments: PlannedSegment[]; warnings: string[] } {
  const warnings: string[] = [];
  const ids = new Set(doc.speakers.map((s) => s.id));
  const segments = doc.transcript.map((s, index): PlannedSegment => {
    const where = `segment ${index + 1} (${s.start}–${s.end} ms)`;
    if (s.start < 0) throw new DubError("invalid_segment", `${where} starts before 0`);
    if (s.end <= s.start) throw new DubError("invalid_segment", `${where} ends before it starts`);
    if (durationMs > 0 && s.start >= durationMs)
      throw new DubError("invalid_segment", `${where} starts after the end of the video (${durationMs} ms)`);
    if (!ids.has(s.speaker))
      throw new DubError("invalid_segment", `${where} has an unknown speaker "${s.speaker}"`);
    let end = s.end;
    if (durationMs > 0 && end > durationMs) {
      warnings.push(`${where} ends after the video; clamped to ${durationMs} ms`);
      end = durationMs;
    }
    return { ...s, end, index };
  });
  const sorted = [...segments].sort((a, b) => a.start - b.start || a.index - b.index);
  if (sorted.some((s, i) => s !== segments[i]))
    warnings.push("segments were out of order; sorted by start time");
  return { segments: sorted, warnings };
}
