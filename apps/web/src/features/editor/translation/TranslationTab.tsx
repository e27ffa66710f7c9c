import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Language, ProgressEvent, Segment, Speaker, Translation } from "../../../api/types.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { notify } from "../../toast/toast-store.ts";
import { useProjectPermissions } from "../../workspaces/permissions.ts";
import { deleteTranslation, startTranslation, translationsKey } from "../api.ts";
import { useLineComments } from "../review/LineComments.tsx";
import { DubOutcome } from "../review/ReportCardPanel.tsx";
import { ReviewBar } from "../review/ReviewBar.tsx";
import { SegmentList } from "../transcript/SegmentRow.tsx";
import { isFinished, jobKey } from "../use-project-events.ts";
import { PreviousDub } from "./DubDownloads.tsx";
import type { DubOptions } from "./dub-options.ts";
import { borrowSilence, HURRIED_SPEED, projectedSpeed } from "./projected-speed.ts";
import { ReadOnlyTranslation } from "./ReadOnlyTranslation.tsx";
import { TranslatedLineBody, TranslatedLineHeader } from "./TranslatedLine.tsx";
import { TranslationControls } from "./TranslationControls.tsx";
import { useDubOutcomeToast, useTranslationWork } from "./use-translation-work.tsx";

export { dubFileName } from "./DubDownloads.tsx";

type TranslationTabProps = Parameters<typeof EditableTranslation>[0];

/**
 * One translation: editable for a role that may translate, read for the others (a reviewer comments and
 * gives the verdict there); the roles come from the contract's table the server enforces.
 */
export function TranslationTab(props: TranslationTabProps) {
  const { can } = useProjectPermissions(props.projectId);
  return can("translate") ? <EditableTranslation {...props} /> : <ReadOnlyTranslation {...props} />;
}

/** One translation to work on: editable segments with difference indicators, save, dub and downloads. */
export function EditableTranslation({
  projectId,
  translation,
  language,
  original,
  speakers,
  activeIndex,
  jobs,
  durationMs,
  playerMs,
  onSeek,
  onPlayRange,
  onDeleted,
}: {
  projectId: string;
  translation: Translation;
  language: Language | undefined;
  original: Segment[];
  speakers: Speaker[];
  activeIndex: number;
  jobs: Record<string, ProgressEvent>;
  durationMs: number;
  playerMs: number;
  onSeek: (ms: number) => void;
  /** Plays one line on the page's player (which shows this tab's dub). */
  onPlayRange: (start: number, end: number) => void;
  onDeleted?: () => void;
}) {
  const code = translation.language;
  const languageName = language?.name ?? code;
  const [options, setOptions] = useState<DubOptions>(() => ({
    burnSubtitles: translation.subtitlesBurned,
    bilingual: false,
    background: translation.report?.background ?? "keep",
    timing: translation.report?.timing?.mode ?? "keep-length",
  }));
  const work = useTranslationWork({ projectId, translation, speakers, durationMs, playerMs, options });
  const { segments, editing } = work;
  const [confirming, setConfirming] = useState<"delete" | "retranslate" | null>(null);
  useDubOutcomeToast(translation, languageName);

  const { translateJob, dubJob, translating, dubbing } = activity(translation, jobs, work.requestingDub);
  const ttsUnavailable =
    language && !language.tts.available ? (language.tts.reason ?? "No voice engine is available.") : null;
  const { tooLong, waited } = flaggedLines(translation);
  const projection = useSpeedProjection(translation, segments);
  const lineComments = useLineComments(projectId, code);

  return (
    <div className="space-y-4">
      {work.restoreOffer}
      <ReviewBar projectId={projectId} translation={translation} dubRefusal={work.dubRefusal} />
      <TranslationControls
        projectId={projectId}
        translation={translation}
        languageName={languageName}
        edited={work.edited}
        saving={work.saving}
        dubbing={dubbing}
        translating={translating}
        ttsUnavailable={ttsUnavailable}
        empty={segments.length === 0}
        translateJob={translateJob}
        dubJob={dubJob}
        options={options}
        onOptions={setOptions}
        onSave={() => void work.save()}
        onDub={() => void work.dub()}
        onRetranslate={() => setConfirming("retranslate")}
        onDelete={() => setConfirming("delete")}
      />
      {translation.finalVideoUrl && !dubbing && (
        <DubOutcome
          {...{ projectId, translation, segments, translating, durationMs, onSeek, speakers }}
          canShorten={language?.translate.shorten === true}
          dub={work.dub}
          fix={work.fix}
        />
      )}
      {translation.status === "failed" && translation.previousDub && (
        <PreviousDub code={code} previous={translation.previousDub} />
      )}
      <TranslationConfirms
        projectId={projectId}
        code={code}
        languageName={languageName}
        confirming={confirming}
        onClose={() => setConfirming(null)}
        onRetranslated={work.forget}
        onDeleted={onDeleted}
      />
      {editing.toolbar}
      {editing.dialogs}
      <SegmentList
        label={`${language?.name ?? code} translation`}
        segments={segments}
        activeIndex={activeIndex}
        testId="translation-segment"
        headerClassName="text-xs text-slate-500"
        onSeek={onSeek}
        view={(seg, i) => {
          const flag = tooLong.get(i);
          // the glossary terms the translation lost here, until the line (as edited) has them
          const lost = translation.glossaryMisses.filter(
            (m) => m.segment === i && !seg.text.toLowerCase().includes(m.expected.toLowerCase()),
          );
          const projected = projection(i);
          const borrow =
            projected !== null && projected > HURRIED_SPEED
              ? borrowSilence(segments, i, projected, durationMs)
              : null;
          return {
            idleRing: flag || lost.length ? "ring-amber-300" : "ring-slate-200",
            header: (
              <TranslatedLineHeader
                seg={seg}
                index={i}
                source={original[i]}
                speakers={speakers}
                translation={translation}
                lost={lost}
                tooLong={flag}
                waited={waited.get(i)}
                projected={projected}
                borrow={borrow}
                busy={dubbing || translating}
                menu={editing.rowMenu(i)}
                onChange={(patch) => work.setSegment(i, patch)}
                onPlay={() => onPlayRange(seg.start, seg.end)}
                onRegenerate={() => void work.dub([i])}
              />
            ),
            body: (
              <TranslatedLineBody
                seg={seg}
                index={i}
                source={original[i]}
                code={code}
                field={editing.textField(i)}
                onText={(text) => work.setSegment(i, { text }, `text:${i}`)}
                comments={lineComments(i)}
              />
            ),
          };
        }}
      />
    </div>
  );
}

/** Pure: this language's running jobs, and whether it is translating or dubbing (asked, queued or running). */
function activity(translation: Translation, jobs: Record<string, ProgressEvent>, requestingDub: boolean) {
  const translateJob = jobs[jobKey("translate", translation.language)];
  const dubJob = jobs[jobKey("dub", translation.language)];
  const translating =
    translation.status === "translating" || (translateJob !== undefined && !isFinished(translateJob));
  const dubbing =
    requestingDub ||
    translation.status === "dubbing" ||
    (dubJob !== undefined && !isFinished(dubJob) && translation.status !== "dubbed");
  return { translateJob, dubJob, translating, dubbing };
}

/** The last dub's lines that were too long, and those the picture waited for (while the dub is current). */
function flaggedLines(translation: Translation) {
  const lines = translation.report?.segments ?? [];
  const byIndex = (keep: (s: (typeof lines)[number]) => boolean) =>
    new Map(lines.filter(keep).map((s) => [s.index, s]));
  return {
    tooLong: byIndex((s) => s.tooLong),
    // a stale dub's waits no longer say where this line's picture holds
    waited: byIndex((s) => !translation.stale && (s.waitMs ?? 0) > 0),
  };
}

/**
 * How fast each line edited since the last dub would be spoken, from what that dub needed per line (a
 * stale dub says less): null for a line as dubbed.
 */
function useSpeedProjection(translation: Translation, segments: Segment[]) {
  const dubbedSpeed = new Map(
    translation.stale ? [] : (translation.report?.segments ?? []).map((s) => [s.index, s.speed]),
  );
  return (i: number) => {
    const saved = translation.transcript[i];
    const seg = segments[i];
    const speed = dubbedSpeed.get(i);
    if (!saved || !seg || speed === undefined) return null;
    if (saved.text === seg.text && saved.start === seg.start && saved.end === seg.end) return null;
    return projectedSpeed({ ...saved, speed }, seg);
  };
}

/** The two confirmations of a translation: translate it again, delete it. */
function TranslationConfirms({
  projectId,
  code,
  languageName,
  confirming,
  onClose,
  onRetranslated,
  onDeleted,
}: {
  projectId: string;
  code: string;
  languageName: string;
  confirming: "delete" | "retranslate" | null;
  onClose: () => void;
  onRetranslated: () => void;
  onDeleted?: () => void;
}) {
  const client = useQueryClient();
  return (
    <>
      <ConfirmDialog
        open={confirming === "retranslate"}
        title={`Translate into ${languageName} again?`}
        confirmLabel="Translate again"
        busyLabel="Starting..."
        onClose={onClose}
        onConfirm={async () => {
          await startTranslation(projectId, code);
          onClose();
          onRetranslated();
          await client.invalidateQueries({ queryKey: translationsKey(projectId) });
        }}
      >
        <p>
          The {languageName} translation is made again from the transcript as it is saved now. Your edits to
          the {languageName} text are replaced; the dubbed video stays until you dub again.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "delete"}
        title={`Delete the ${languageName} translation?`}
        confirmLabel="Delete translation"
        busyLabel="Deleting..."
        onClose={onClose}
        onConfirm={async () => {
          await deleteTranslation(projectId, code);
          onClose();
          await client.invalidateQueries({ queryKey: translationsKey(projectId) });
          notify.success(`The ${languageName} translation was deleted`);
          onDeleted?.();
        }}
      >
        <p>
          Its text, its dubbed video and subtitles are deleted now, and a dub that is running stops. The
          original transcript stays. You can translate into {languageName} again later.
        </p>
      </ConfirmDialog>
    </>
  );
}
