// The dub's options, its report, and the typed hand-offs between its stages (dub.ts runs them in order).
import type { Prosody } from "../../audio/prosody.ts";
import type { ReportCard, TextContext } from "../../checks/types.ts";
import type { DocMeta, PlannedSegment } from "../../doc.ts";
import type { Demuxer } from "../../media/input.ts";
import type { NormalizeResult } from "../../mix/normalize.ts";
import type { FitOptions, speedHistogram } from "../../timing/fit.ts";
import type { PlanOptions, planTotals, Wait } from "../../timing/plan.ts";
import type { CommonOptions } from "../common.ts";
import type { StyleFit } from "../follow.ts";
import type { ResolvedVoice } from "../voices.ts";

export type BackgroundMode = "keep" | "duck" | "remove";

export interface DubOptions extends CommonOptions {
  /** Output MP4 path (default: next to the video, "<name>.<language>.mp4"). */
  output?: string;
  /** Cache and intermediate files; keep it between calls so a re-dub only re-synthesizes changed segments. */
  workDir?: string;
  /**
   * "keep" (default): the separated background at full level, the original voice removed everywhere
   * (except segments marked keepOriginal); "duck": the original audio lowered under the dub; "remove":
   * no original audio. "keep" falls back to "duck" when the audio cannot be separated (the report says why).
   */
  background?: BackgroundMode;
  /** The project's stems folder (separate/stems.ts): used when it holds stems, else they are made there. */
  stemsDir?: string;
  /** Preferred separation engine id. */
  separationEngine?: string;
  /** How much the original is lowered under the dub (dB, default 18). */
  duckDb?: number;
  /** Timing fit settings (PRODUCT.md § The dub defaults). */
  fit?: FitOptions;
  /**
   * The timing plan: "keep-length" (default; the video keeps its length, lines at most 1.25× their voice's
   * pace) or "picture-waits" (lines at most 1.15×; one that needs more at 1.1×, the picture holding for the rest).
   */
  timing?: PlanOptions;
  /** Loudness target (LUFS, default −16) and true-peak ceiling (dBTP, default −1.5, under the −1 limit). */
  targetLufs?: number;
  ceilingDbtp?: number;
  /** Write .srt/.vtt next to the MP4 (default true). */
  subtitles?: boolean;
  /** Cap of the work dir's clip cache in bytes, least recently used clips evicted (default 256 MiB). */
  clipCacheBytes?: number;
  /** Transcript indexes whose lines are synthesized again even when their clips are cached. */
  regenerate?: number[];
  /**
   * Offline voices follow their speakers' pitch and pace (default true; each speaker's style can turn
   * it off). false: every voice at its own pitch and pace.
   */
  follow?: boolean;
  /**
   * The report card's checks on every dubbed line (checks/): what the translation tells the text checks
   * (the original lines; the source language, route and glossary misses default to the document's
   * translation record), or false to run none.
   */
  checks?: TextContext | false;
  /**
   * The report card's checks start once the MP4 and subtitles are written (the video first; the report
   * waits for them) instead of beside the mix and the encode (default: the whole dub ends soonest).
   */
  cardAfterVideo?: boolean;
  /**
   * The card does not hear the lines back (speech recognition, its slowest check): the reason each
   * line's intelligibility finding gives. Absent: every dubbed line is heard back.
   */
  hearBack?: { skipped: string };
  /** Called once the MP4 and its subtitles are written, before the report (the card may still be checking). */
  onVideo?: (files: { mp4: string; srt: string | null; vtt: string | null }) => void;
}

export interface SegmentReport {
  /** Index in the document's transcript. */
  index: number;
  speaker: string;
  text: string;
  slot: { start: number; end: number };
  /**
   * Trimmed clip length at the voice's normal rate (ms); null for an empty segment. A voice that follows
   * its speaker starts at their pace: its first clip's length scaled by that rate.
   */
  naturalMs: number | null;
  /** Trimmed clip length at the synthesis rate used (ms). */
  clipMs: number | null;
  /** Speaking rate used at synthesis (1 = normal). */
  rate: number;
  /** atempo stretch (1 = none). */
  tempo: number;
  /** Overall speed against the voice's pace for its speaker: paceMs / placed length (1 = as it speaks). */
  speed: number;
  /** The speed the timing plan chose. */
  plannedSpeed: number;
  placed: { start: number; end: number } | null;
  borrowedMs: number;
  /** How long the picture holds after this line's window for it (ms). */
  waitMs: number;
  /** keep-length: how late the line starts because the one before ran over (ms). */
  delayMs: number;
  tooLong: boolean;
  /** Clip taken from the work dir's cache (not re-synthesized). */
  cached: boolean;
  empty: boolean;
}

/** The encoded audio as measured after decoding it again. */
export interface EncodedLoudness {
  lufs: number;
  truePeakDb: number;
  coder: string;
  attempts: number;
  /** How the mix was lowered before each encode after the first (see overshootFix). */
  lowered: ("around peaks" | "all")[];
}

export interface DubReport {
  video: string;
  output: string;
  language: string;
  durationMs: number;
  channels: number;
  /** The mode used (a "keep" that fell back says so in `separation`). */
  background: BackgroundMode;
  /** With "keep" asked: the engine that separated the stems, or null and why the dub ducked instead. */
  separation?: { requested: "keep"; engine: string | null; reason?: string };
  /**
   * Ducked (no separated background): the original's speech that no line covers (ms), ducked by duckDb
   * like the rest of the original under the lines, so that it is never heard at full level.
   */
  unlinedSpeech?: { start: number; end: number }[];
  duckDb: number;
  fit: Required<FitOptions>;
  /** The timing plan's settings and totals; `waits` on the original's timeline, `addedMs` their sum. */
  timing: Required<PlanOptions> & {
    sourceDurationMs: number;
    waits: Wait[];
    addedMs: number;
    totals: ReturnType<typeof planTotals>;
  };
  /** Per speaker; `follow`: how an offline voice was set to the speaker's pitch and pace. */
  voices: Record<string, { engine: string; voice: string; catalogVoice?: string; follow?: StyleFit }>;
  translation?: NonNullable<DocMeta["translation"]>;
  loudness: NormalizeResult & {
    /** Measured on the encoded file's decoded audio. */
    encoded: EncodedLoudness;
  };
  segments: SegmentReport[];
  totals: {
    segments: number;
    dubbed: number;
    empty: number;
    tooLong: number;
    stretched: number;
    borrowed: number;
    resynthesized: number;
    cached: number;
    speedHistogram: ReturnType<typeof speedHistogram>;
    maxSpeed: number;
    atMost1_3: number;
  };
  warnings: string[];
  /** The report card: each dubbed line's checks and status (absent when the checks were turned off). */
  lines?: ReportCard["lines"];
  summary?: ReportCard["summary"];
  /** Seconds per stage. */
  timings: Record<string, number>;
}

export interface DubResult {
  mp4: string;
  srt: string | null;
  vtt: string | null;
  reportFile: string;
  report: DubReport;
  /** Speakers measured during this dub (they had no measures yet), by id: worth keeping. */
  measured: Record<string, Prosody>;
}

/** Stage 0 → all: the probed video, the planned segments and a voice per speaker who speaks. */
export interface PreparedDub {
  durationMs: number;
  /** Channels of the mix: the original's (1 or 2), 2 when it has no audio. */
  channels: number;
  hasAudio: boolean;
  /** The demuxer its probe found (forced on every later read). */
  demuxer: Demuxer;
  segments: PlannedSegment[];
  warnings: string[];
  voices: Map<string, ResolvedVoice>;
  output: string;
}

/** Synthesize → mix and report: a segment's clip in the clips folder (`{key}.wav`), or null when silent. */
export interface SynthesizedSegment {
  key: string;
  /** Trimmed clip length at `rate` (ms). */
  clipMs: number;
  /** Trimmed clip length at the normal rate (ms). */
  naturalMs: number;
  /** Trimmed clip length at the pace its voice starts at for its speaker (ms; the timing plan's natural). */
  paceMs: number;
  rate: number;
  cached: boolean;
}

/** Mix → report: where a clip was placed (ms), null for segments without one. */
export type Placement = { start: number; end: number } | null;

/** The stage-local progress callback: a fraction 0..1 of that stage. */
export type StageProgress = (fraction: number) => void;
