import type { ReportLine } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Segment, Translation } from "../../api/types.ts";
import { buttonSecondary } from "../../components/button-styles.ts";
import { notify } from "../toast/toast-store.ts";
import { reviewLine, translationsKey } from "./api.ts";
import { DubDownloads } from "./DubDownloads.tsx";
import { linesToReview, reviewSummary } from "./report-card.ts";

/** The finished dub: its downloads and its report card. */
export function DubOutcome(p: {
  projectId: string;
  translation: Translation;
  segments: Segment[];
  translating: boolean;
  onSeek: (ms: number) => void;
  dub: (regenerate?: number[]) => unknown;
}) {
  return (
    <>
      <DubDownloads
        projectId={p.projectId}
        translation={p.translation}
        videoUrl={p.translation.finalVideoUrl ?? ""}
      />
      <ReportCardPanel
        {...{ projectId: p.projectId, translation: p.translation, segments: p.segments, busy: p.translating }}
        onRegenerate={(i) => void p.dub([i])}
        onGoTo={(i) => p.onSeek(p.segments[i]?.start ?? 0)}
      />
    </>
  );
}

/**
 * The dub's report card: how many lines need a look, and the review list (failed lines, then warnings),
 * each finding in plain words with the fixes that apply in one click.
 */
export function ReportCardPanel({
  projectId,
  translation,
  segments,
  busy,
  onRegenerate,
  onGoTo,
}: {
  projectId: string;
  translation: Translation;
  segments: Segment[];
  busy: boolean;
  onRegenerate: (index: number) => void;
  /** Shows the line in the editor (its speed, silence, picture and voice controls are there). */
  onGoTo: (index: number) => void;
}) {
  const summary = reviewSummary(translation.report);
  const [open, setOpen] = useState(false);
  if (!summary) return null;
  const lines = linesToReview(translation.report);
  return (
    <section
      aria-label="Report card of the dub"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <button
        type="button"
        className="text-sm font-medium text-slate-800 underline-offset-2 hover:underline"
        aria-expanded={open}
        aria-controls="report-card-lines"
        onClick={() => setOpen(!open)}
        disabled={lines.length === 0}
      >
        {summary}
        {lines.length > 0 && (open ? " — hide" : " — review")}
      </button>
      {open && (
        <ol id="report-card-lines" className="mt-3 space-y-3">
          {lines.map((l) => (
            <ReviewItem
              key={l.index}
              line={l}
              text={segments[l.index]?.text ?? ""}
              {...{ projectId, language: translation.language, busy, onRegenerate, onGoTo }}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function ReviewItem({
  line,
  text,
  projectId,
  language,
  busy,
  onRegenerate,
  onGoTo,
}: {
  line: ReportLine;
  text: string;
  projectId: string;
  language: string;
  busy: boolean;
  onRegenerate: (index: number) => void;
  onGoTo: (index: number) => void;
}) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const findings = line.checks.filter((c) => c.status === "warn" || c.status === "fail");
  const review = async (reviewed: boolean) => {
    setSaving(true);
    try {
      await reviewLine(projectId, language, line.index, reviewed);
      await queryClient.invalidateQueries({ queryKey: translationsKey(projectId) });
    } catch (err) {
      notify.error(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <li data-testid="report-card-line" className="rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-medium">
        Line {line.index + 1}{" "}
        <span className={line.status === "fail" ? "text-red-700" : "text-amber-700"}>
          {line.reviewed ? "reviewed, kept" : line.status === "fail" ? "failed a check" : "has a warning"}
        </span>
      </p>
      <p className="text-slate-600">“{text}”</p>
      <ul className="mt-1 list-disc pl-5">
        {findings.map((f) => (
          <li key={f.check}>
            <span className="font-medium">{f.check}</span>: {f.message}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={buttonSecondary} onClick={() => onGoTo(line.index)}>
          Go to the line
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={busy}
          onClick={() => onRegenerate(line.index)}
        >
          Regenerate the line
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={saving}
          onClick={() => void review(!line.reviewed)}
        >
          {line.reviewed ? "Look at it again" : "Reviewed, keep it"}
        </button>
      </div>
    </li>
  );
}
