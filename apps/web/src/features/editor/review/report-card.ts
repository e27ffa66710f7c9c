import type { DubReport, ReportLine } from "@dubbing/contract";

/** Pure: the lines that need a look, failed first then warnings, each in transcript order; reviewed last. */
export function linesToReview(report: DubReport | null | undefined): ReportLine[] {
  const rank = (l: ReportLine) => (l.reviewed ? 2 : 0) + (l.status === "fail" ? 0 : 1);
  return (report?.lines ?? [])
    .filter((l) => l.status !== "ok")
    .sort((a, b) => rank(a) - rank(b) || a.index - b.index);
}

/** Pure: the dub panel's summary, e.g. "3 lines need a look", or null when the dub has no report card. */
export function reviewSummary(report: DubReport | null | undefined): string | null {
  const s = report?.summary;
  if (!s) return null;
  const open = s.warn + s.fail - (s.reviewed ?? 0);
  if (open <= 0)
    return `All ${s.ok + s.warn + s.fail} lines pass their checks${s.reviewed ? " or were reviewed" : ""}.`;
  return `${open} ${open === 1 ? "line needs" : "lines need"} a look`;
}

/** The silence the timing plan keeps before the next line (ms). */
const GAP_MS = 100;

/**
 * Pure: the silence line `index` may borrow after its slot (ms): until the gap before the next line that
 * starts later, or the media's end; 0 when none. The server moves the line's end as far.
 */
export function silenceAfter(
  segments: readonly { start: number; end: number }[],
  index: number,
  durationMs: number,
): number {
  const line = segments[index];
  if (!line) return 0;
  const next = segments.filter((s) => s.start > line.start).reduce((m, s) => Math.min(m, s.start), Infinity);
  return Math.max(0, Math.min(durationMs, next - GAP_MS) - line.end);
}

/** Findings another voice may cure. */
const VOICE_CHECKS: ReportLine["checks"][number]["check"][] = [
  "intelligibility",
  "pitch",
  "clipping",
  "loudness",
];

/** A one-click fix the review view offers for a line. */
export type ReviewFix = "borrow-silence" | "picture-waits" | "shorten" | "voice" | "move-speaker";

/** Pure: the speaker a line's voice sounds like when the card's speaker check flagged it, else undefined. */
export function movesTo(line: ReportLine | undefined): string | undefined {
  const found = line?.checks.find((c) => c.check === "speaker" && c.status === "warn");
  return found?.speaker;
}

/**
 * Pure: the fixes that apply to a line's findings (besides regenerate and "reviewed, keep it", always
 * offered): a line too long or too fast may borrow the silence after it, let the picture wait for it or
 * be shortened (where an engine can rewrite); a voice heard badly, off the speaker's pitch, clipped or out
 * of level may take another voice; a line whose voice is another speaker's may move to them.
 */
export function fixesFor(
  line: ReportLine,
  ctx: { silenceMs: number; pictureWaits: boolean; canShorten: boolean },
): ReviewFix[] {
  const found = new Set(
    line.checks.filter((c) => c.status === "warn" || c.status === "fail").map((c) => c.check),
  );
  const fixes: ReviewFix[] = [];
  if (found.has("fit")) {
    if (ctx.silenceMs >= GAP_MS) fixes.push("borrow-silence");
    if (!ctx.pictureWaits) fixes.push("picture-waits");
    if (ctx.canShorten) fixes.push("shorten");
  }
  if (movesTo(line)) fixes.push("move-speaker");
  if (VOICE_CHECKS.some((c) => found.has(c))) fixes.push("voice");
  return fixes;
}

/** What each check verifies, for the card's "not checked" note. */
const CHECK_NAME: Partial<Record<ReportLine["checks"][number]["check"], string>> = {
  intelligibility: "whether each line is heard as written",
  pitch: "whether each voice keeps its speaker's pitch",
  speaker: "whose voice each line is",
  meaning: "whether each translation keeps the meaning",
  "original-voice": "whether the original voice is gone",
  music: "whether the music survives",
};

/**
 * Pure: the checks that could not run on some dubbed lines, each once with why and on how many lines
 * (e.g. no speech recognition model for the dub's language): the card says so instead of showing those
 * lines as ok.
 */
export function checksNotRun(
  report: DubReport | null | undefined,
): { check: string; what: string; reason: string; lines: number }[] {
  const found = new Map<string, { check: string; what: string; reason: string; lines: number }>();
  for (const line of report?.lines ?? [])
    for (const c of line.checks) {
      if (c.status !== "skipped") continue;
      const key = `${c.check}\n${c.message}`;
      const entry = found.get(key) ?? {
        check: c.check,
        what: CHECK_NAME[c.check] ?? c.check,
        reason: c.message,
        lines: 0,
      };
      entry.lines += 1;
      found.set(key, entry);
    }
  return [...found.values()];
}
