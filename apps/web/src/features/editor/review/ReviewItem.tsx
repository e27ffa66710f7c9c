import type { ReportLine } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { buttonSecondary } from "../../../components/button-styles.ts";
import { notify } from "../../toast/toast-store.ts";
import { reviewLine, translationsKey } from "../api.ts";
import { movesTo, type ReviewFix } from "./report-card.ts";

/** What each one-click fix says on its button. */
const FIX_LABEL: Record<ReviewFix, string> = {
  "borrow-silence": "Borrow the silence after it",
  "picture-waits": "Let the picture wait for it",
  shorten: "Shorten it",
  voice: "Change the voice",
  "move-speaker": "Move it to the speaker it sounds like",
};

/** One line of the report card: its findings in plain words and the fixes that apply in one click. */
export function ReviewItem({
  line,
  text,
  fixes,
  projectId,
  language,
  busy,
  onRegenerate,
  onFix,
  onGoTo,
  speakerName,
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
  /** A speaker's name by id, for "This line sounds like …: move it?". */
  speakerName?: (id: string) => string | undefined;
}) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const findings = line.checks.filter((c) => c.status === "warn" || c.status === "fail");
  const to = movesTo(line);
  const label = (f: ReviewFix) =>
    f === "move-speaker" && to ? `This line sounds like ${speakerName?.(to) ?? to}: move it?` : FIX_LABEL[f];
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
            {label(f)}
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
