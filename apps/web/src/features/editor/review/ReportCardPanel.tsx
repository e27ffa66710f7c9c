import type { ReportLine } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Segment, Translation } from "../../../api/types.ts";
import { buttonSecondary } from "../../../components/button-styles.ts";
import { notify } from "../../toast/toast-store.ts";
import { type LineFix, reviewLine, translationsKey } from "../api.ts";
import { requestVoicePicker } from "../speakers/voice-picker-request.ts";
import { DubDownloads } from "../translation/DubDownloads.tsx";
import { fixesFor, linesToReview, type ReviewFix, reviewSummary, silenceAfter } from "./report-card.ts";

/** What each one-click fix says on its button. */
const FIX_LABEL: Record<ReviewFix, string> = {
  "borrow-silence": "Borrow the silence after it",
  "picture-waits": "Let the picture wait for it",
  shorten: "Shorten it",
  voice: "Change the voice",
};

/** The finished dub: its downloads and its report card. */
export function DubOutcome(p: {
  projectId: string;
  translation: Translation;
  segments: Segment[];
  translating: boolean;
  durationMs: number;
  /** An engine on this server can rewrite a line shorter. */
  canShorten: boolean;
  onSeek: (ms: number) => void;
  dub: (regenerate?: number[]) => unknown;
  fix: (index: number, fix: LineFix) => unknown;
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
        {...{ durationMs: p.durationMs, canShorten: p.canShorten }}
        onRegenerate={(i) => void p.dub([i])}
        onFix={(i, fix) =>
          fix === "voice" ? requestVoicePicker(p.segments[i]?.speaker ?? "") : void p.fix(i, fix)
        }
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
  durationMs,
  canShorten,
  onRegenerate,
  onFix,
  onGoTo,
}: {
  projectId: string;
  translation: Translation;
  segments: Segment[];
  busy: boolean;
  durationMs: number;
  canShorten: boolean;
  onRegenerate: (index: number) => void;
  /** A one-click fix: the dub changes and that line is dubbed again ("voice" opens the voice picker). */
  onFix: (index: number, fix: ReviewFix) => void;
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
              fixes={fixesFor(l, {
                silenceMs: silenceAfter(segments, l.index, durationMs),
                pictureWaits: segments[l.index]?.pictureWaits === true,
                canShorten,
              })}
              {...{ projectId, language: translation.language, busy, onRegenerate, onFix, onGoTo }}
            />
          ))}
        </ol>
      )}
      {open &&
        !canShorten &&
        lines.some((l) => l.checks.some((c) => c.check === "fit" && c.status !== "ok")) && (
          <p className="mt-3 text-xs text-slate-500">
            No engine on this server can rewrite a line shorter: edit a line that is too long yourself, or let
            it borrow the silence after it or the picture wait for it.
          </p>
        )}
    </section>
  );
}

function ReviewItem({
  line,
  text,
  fixes,
  projectId,
  language,
  busy,
  onRegenerate,
  onFix,
  onGoTo,
}: {
  line: ReportLine;
  text: string;
  fixes: ReviewFix[];
  projectId: string;
  language: string;
  busy: boolean;
  onRegenerate: (index: number) => void;
  onFix: (index: number, fix: ReviewFix) => void;
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
        {fixes.map((f) => (
          <button
            key={f}
            type="button"
            className={buttonSecondary}
            disabled={busy && f !== "voice"}
            onClick={() => onFix(line.index, f)}
          >
            {FIX_LABEL[f]}
          </button>
        ))}
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
