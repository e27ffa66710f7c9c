import { useState } from "react";
import type { Segment, Speaker, Translation } from "../../../api/types.ts";
import type { LineFix } from "../api.ts";
import { requestVoicePicker } from "../speakers/voice-picker-request.ts";
import { DubDownloads } from "../translation/DubDownloads.tsx";
import { ReviewItem } from "./ReviewItem.tsx";
import {
  checksNotRun,
  fixesFor,
  linesToReview,
  movesTo,
  type ReviewFix,
  reviewSummary,
  silenceAfter,
} from "./report-card.ts";

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
  fix: (index: number, fix: LineFix, speaker?: string) => unknown;
  speakers?: Speaker[];
}) {
  const lineOf = (i: number) => p.translation.report?.lines?.find((l) => l.index === i);
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
          fix === "voice"
            ? requestVoicePicker(p.segments[i]?.speaker ?? "")
            : void p.fix(i, fix, fix === "move-speaker" ? movesTo(lineOf(i)) : undefined)
        }
        speakerName={(id) => p.speakers?.find((s) => s.id === id)?.name}
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
  speakerName,
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
  speakerName?: (id: string) => string | undefined;
}) {
  const summary = reviewSummary(translation.report);
  const [open, setOpen] = useState(false);
  if (!summary) return null;
  const lines = linesToReview(translation.report);
  const notRun = checksNotRun(translation.report);
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
        {/* once every line is reviewed, the list only shows what was kept */}
        {lines.length > 0 && (open ? " — hide" : lines.some((l) => !l.reviewed) ? " — review" : " — show")}
      </button>
      {notRun.map((n) => (
        <p key={`${n.check} ${n.reason}`} className="mt-2 text-xs text-amber-800" data-testid="check-not-run">
          Not checked on {n.lines} {n.lines === 1 ? "line" : "lines"}: {n.what}. {n.reason}
        </p>
      ))}
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
              {...{
                projectId,
                language: translation.language,
                busy,
                onRegenerate,
                onFix,
                onGoTo,
                speakerName,
              }}
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
