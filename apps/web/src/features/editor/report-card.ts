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
