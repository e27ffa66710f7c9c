// The dub's report, pure: what was done to each segment and the totals the editor and the bench show.
import type { DocMeta, PlannedSegment } from "../../doc.ts";
import type { NormalizeResult } from "../../mix/normalize.ts";
import { type Fit, speedHistogram } from "../../timing/fit.ts";
import { type PlannedLine, type PlanOptions, planTotals, type Wait } from "../../timing/plan.ts";
import type { ResolvedVoice } from "../voices.ts";
import type { DubReport, EncodedLoudness, Placement, SegmentReport, SynthesizedSegment } from "./types.ts";

/** Pure: one segment's line of the report, from its clip, its fit, where it was placed and its plan. */
export function segmentReport(
  seg: PlannedSegment,
  o: { synth: SynthesizedSegment | null; fit: Fit | null; placed: Placement; plan?: PlannedLine | null },
): SegmentReport {
  const { synth: s, fit: f, placed } = o;
  const p = o.plan ?? null;
  const placedMs = placed ? placed.end - placed.start : 0;
  return {
    index: seg.index,
    speaker: seg.speaker,
    text: seg.text,
    slot: { start: seg.start, end: seg.end },
    naturalMs: s ? s.naturalMs : null,
    clipMs: s ? s.clipMs : null,
    rate: s ? s.rate : 1,
    tempo: f ? f.tempo : 1,
    speed: s && placedMs > 0 ? Math.round((s.paceMs / placedMs) * 1000) / 1000 : 1,
    plannedSpeed: p ? p.speed : 1,
    placed,
    borrowedMs: placed ? Math.max(0, placed.end - seg.end - (p?.waitMs ?? 0)) : 0,
    waitMs: p ? p.waitMs : 0,
    delayMs: p ? p.delayMs : 0,
    tooLong: f ? f.tooLong : false,
    cached: s ? s.cached : false,
    empty: !s,
  };
}

/** Pure: the totals over the segments' reports. */
export function reportTotals(segReports: SegmentReport[]): DubReport["totals"] {
  const dubbed = segReports.filter((s) => !s.empty);
  const speeds = dubbed.map((s) => s.speed);
  return {
    segments: segReports.length,
    dubbed: dubbed.length,
    empty: segReports.length - dubbed.length,
    tooLong: dubbed.filter((s) => s.tooLong).length,
    stretched: dubbed.filter((s) => s.tempo !== 1).length,
    borrowed: dubbed.filter((s) => s.borrowedMs > 0).length,
    resynthesized: dubbed.filter((s) => !s.cached).length,
    cached: dubbed.filter((s) => s.cached).length,
    speedHistogram: speedHistogram(speeds),
    // a loop, not Math.max(...speeds): no argument-count limit on long transcripts
    maxSpeed: speeds.length ? speeds.reduce((m, v) => Math.max(m, v), -Infinity) : 1,
    atMost1_3: speeds.length
      ? Math.round((speeds.filter((v) => v <= 1.3001).length / speeds.length) * 1000) / 1000
      : 1,
  };
}

/** What the report copies as it is, and the stages' hand-offs it is built from. */
export type ReportInput = Pick<
  DubReport,
  | "video"
  | "output"
  | "language"
  | "durationMs"
  | "channels"
  | "background"
  | "separation"
  | "duckDb"
  | "fit"
  | "warnings"
  | "timings"
> & {
  timing: Required<PlanOptions>;
  plan: (PlannedLine | null)[];
  waits: Wait[];
  sourceDurationMs: number;
  /** The speech no line covers, ducked (unlined.ts). */
  unlined?: DubReport["unlinedSpeech"];
  voices: Map<string, ResolvedVoice>;
  translation?: DocMeta["translation"];
  loudness: NormalizeResult;
  encoded: EncodedLoudness;
  segments: PlannedSegment[];
  synth: (SynthesizedSegment | null)[];
  fits: (Fit | null)[];
  placed: Placement[];
};

/** Pure: the whole report from the stages' hand-offs. */
export function buildReport(r: ReportInput): DubReport {
  const segments = r.segments.map((seg, i) =>
    segmentReport(seg, {
      ...{ synth: r.synth[i] ?? null, fit: r.fits[i] ?? null },
      ...{ placed: r.placed[i] ?? null, plan: r.plan[i] ?? null },
    }),
  );
  const addedMs = r.waits.reduce((sum, w) => sum + w.ms, 0);
  return {
    video: r.video,
    output: r.output,
    language: r.language,
    durationMs: r.durationMs,
    channels: r.channels,
    background: r.background,
    ...(r.separation ? { separation: r.separation } : {}),
    ...(r.unlined ? { unlinedSpeech: r.unlined } : {}),
    duckDb: r.duckDb,
    fit: r.fit,
    timing: {
      ...r.timing,
      ...{ sourceDurationMs: r.sourceDurationMs, waits: r.waits, addedMs },
      totals: planTotals(r.plan),
    },
    voices: Object.fromEntries(
      [...r.voices].map(([id, v]) => [
        id,
        {
          ...{ engine: v.engine.id, voice: v.voice.id, catalogVoice: v.catalogVoice },
          ...(v.style && v.follow ? { follow: { ...v.follow, style: v.style } } : {}),
        },
      ]),
    ),
    ...(r.translation ? { translation: r.translation } : {}),
    loudness: { ...r.loudness, encoded: r.encoded },
    segments,
    totals: reportTotals(segments),
    warnings: r.warnings,
    timings: r.timings,
  };
}
