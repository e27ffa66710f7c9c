import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client.ts";
import type { Language, ProgressEvent, Segment, Speaker, Translation } from "../../api/types.ts";
import { buttonPrimary, buttonSecondary } from "../../components/button-styles.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DownloadIcon, TrashIcon } from "../../components/icons.tsx";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { notify } from "../toast/toast-store.ts";
import { lostOnOtherAddress } from "../unsaved/unsaved-store.ts";
import { useUnsavedWork } from "../unsaved/use-unsaved-work.tsx";
import { deleteTranslation, saveTranslation, startDub, startTranslation, translationsKey } from "./api.ts";
import { type BackgroundMode, BackgroundModeField, backgroundSummary } from "./BackgroundMode.tsx";
import { DifferenceBadge } from "./DifferenceBadge.tsx";
import { record, redo, startHistory, undo } from "./history.ts";
import { borrowSilence, HURRIED_SPEED, projectedSpeed } from "./projected-speed.ts";
import { SegmentList } from "./SegmentRow.tsx";
import { useEditorKeys, useSegmentEditing } from "./segment-editing.tsx";
import { speakerName } from "./segments.ts";
import { TimeField } from "./TimeField.tsx";
import { isFinished, jobKey } from "./use-project-events.ts";

export function dubFileName(language: string): string {
  return `dubbed-video-${language}.mp4`;
}

/** One translation: editable segments with difference indicators, save, dub, player and downloads. */
export function TranslationTab({
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
  const client = useQueryClient();
  const code = translation.language;
  const [history, setHistory] = useState(() => startHistory(translation.transcript));
  const segments = history.present;
  const [edited, setEdited] = useState(false);
  /** Records an edit for undo; `key` makes typing into one field one step. */
  const change = (next: Segment[], key: string | null = null) => {
    setHistory((h) => record(h, next, key, Date.now()));
    setEdited(true);
  };
  const editing = useSegmentEditing({
    segments,
    onChange: (next) => change(next),
    idPrefix: `translation-text-${translation.language}`,
    durationMs,
    playerMs,
    defaultSpeaker: speakers[0]?.id ?? "s1",
  });
  useEditorKeys({
    undo: () => {
      setHistory(undo);
      setEdited(true);
    },
    redo: () => {
      setHistory(redo);
      setEdited(true);
    },
    help: () => editing.setHelp(true),
  });
  const setSegment = (i: number, patch: Partial<Segment>, key: string | null = null) =>
    change(
      segments.map((s, j) => (j === i ? { ...s, ...patch } : s)),
      key,
    );
  const [saving, setSaving] = useState(false);
  const [requestingDub, setRequestingDub] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingRetranslate, setConfirmingRetranslate] = useState(false);
  const [burnSubtitles, setBurnSubtitles] = useState(translation.subtitlesBurned);
  const [background, setBackground] = useState<BackgroundMode>(translation.report?.background ?? "keep");
  const backgroundUsed = backgroundSummary(translation.report);
  const [bilingual, setBilingual] = useState(false);
  const languageName = language?.name ?? code;

  // A reloaded translation replaces the working copy unless the user has unsaved edits.
  useEffect(() => {
    if (!edited) setHistory(startHistory(translation.transcript));
  }, [translation.transcript, edited]);

  // Say so when a dub started here finishes while the user waits.
  const previousStatus = useRef(translation.status);
  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = translation.status;
    if (before === "dubbing" && translation.status === "dubbed") {
      notify.success(`The ${language?.name ?? code} dub is ready.`);
    } else if (before === "dubbing" && translation.status === "failed") {
      notify.error(translation.statusMessage ?? "Dubbing failed.");
    }
  }, [translation.status, translation.statusMessage, language?.name, code]);

  const translateJob = jobs[jobKey("translate", code)];
  const dubJob = jobs[jobKey("dub", code)];
  const translating =
    translation.status === "translating" || (translateJob !== undefined && !isFinished(translateJob));
  const dubbing =
    requestingDub ||
    translation.status === "dubbing" ||
    (dubJob !== undefined && !isFinished(dubJob) && translation.status !== "dubbed");
  const ttsUnavailable =
    language && !language.tts.available ? (language.tts.reason ?? "No voice engine is available.") : null;
  const tooLong = new Map(
    (translation.report?.segments ?? []).filter((s) => s.tooLong).map((s) => [s.index, s]),
  );
  // What the last dub needed per line, to project the speed of a line edited since (a stale dub says less).
  const dubbedSpeed = new Map(
    translation.stale ? [] : (translation.report?.segments ?? []).map((s) => [s.index, s.speed]),
  );
  const projection = (i: number) => {
    const saved = translation.transcript[i];
    const seg = segments[i];
    const speed = dubbedSpeed.get(i);
    if (!saved || !seg || speed === undefined) return null;
    if (saved.text === seg.text && saved.start === seg.start && saved.end === seg.end) return null;
    return projectedSpeed({ ...saved, speed }, seg);
  };

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      await saveTranslation(projectId, code, segments);
      setEdited(false);
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
      notify.success("Changes saved successfully");
      return true;
    } catch (error) {
      console.error("Failed to save the translation", error);
      // 409: a job is working on this translation; the edits stay here until it has finished.
      notify.error(
        error instanceof ApiError && error.status === 409
          ? `Failed to save changes: ${error.message}`
          : "Failed to save changes",
      );
      return false;
    } finally {
      setSaving(false);
    }
  };

  const restoreOffer = useUnsavedWork({
    draftKey: `translation:${projectId}:${code}`,
    dirty: edited,
    value: segments,
    save,
    differs: (kept) => JSON.stringify(kept) !== JSON.stringify(translation.transcript),
    restore: (kept) => change(kept),
    lostOn: lostOnOtherAddress,
  });

  const dub = async (regenerate?: number[]) => {
    setRequestingDub(true);
    try {
      if (edited) {
        await saveTranslation(projectId, code, segments);
        setEdited(false);
      }
      await startDub(projectId, code, {
        burnSubtitles,
        bilingualSubtitles: burnSubtitles && bilingual,
        background,
        ...(regenerate && { regenerate }),
      });
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
    } catch (error) {
      console.error("Failed to dub", error);
      notify.error((error as Error).message || "Dubbing failed");
    } finally {
      setRequestingDub(false);
    }
  };

  return (
    <div className="space-y-4">
      {restoreOffer}
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">
          Status:{" "}
          <span className="font-medium text-slate-900" data-testid="translation-status">
            {translation.status}
          </span>
        </p>
        <div className="ml-auto flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonSecondary}
            disabled={!edited || saving || dubbing || translating}
            title={dubbing || translating ? "Save when the running job has finished." : undefined}
            onClick={() => void save()}
          >
            {saving ? "Saving..." : "Save Translation"}
          </button>
          <button
            type="button"
            className={buttonPrimary}
            disabled={dubbing || translating || ttsUnavailable !== null || segments.length === 0}
            onClick={() => void dub()}
            title={ttsUnavailable ?? undefined}
          >
            {dubbing
              ? "Dubbing..."
              : translation.status === "failed" && translation.report
                ? "Retry dub"
                : "Dub Video"}
          </button>
          <button
            type="button"
            className={buttonSecondary}
            disabled={dubbing || translating}
            onClick={() => setConfirmingRetranslate(true)}
          >
            {translation.status === "failed" && translation.transcript.length === 0
              ? "Retry translation"
              : "Translate again"}
          </button>
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => setConfirmingDelete(true)}
            aria-label={`Delete the ${languageName} translation`}
          >
            <TrashIcon className="size-4" /> Delete
          </button>
        </div>
        <label className="flex w-full items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={burnSubtitles}
            onChange={(e) => setBurnSubtitles(e.target.checked)}
            className="size-4 rounded border-slate-300 text-indigo-600"
          />
          Burn subtitles into the dubbed video
        </label>
        <label className="flex w-full items-center gap-2 pl-6 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={burnSubtitles && bilingual}
            disabled={!burnSubtitles}
            onChange={(e) => setBilingual(e.target.checked)}
            className="size-4 rounded border-slate-300 text-indigo-600"
          />
          Show the original line above the translation
        </label>
        <p className="flex w-full flex-wrap items-center gap-3 text-sm text-slate-600">
          Two-language subtitles:
          {(["srt", "vtt"] as const).map((format) => (
            <a
              key={format}
              href={`/api/video/${encodeURIComponent(projectId)}/subtitles/${code}.${format}?bilingual=1`}
              download={`subtitles-${code}-bilingual.${format}`}
              className="text-indigo-700 underline hover:text-indigo-900"
            >
              {format.toUpperCase()}
            </a>
          ))}
        </p>
        <BackgroundModeField value={background} onChange={setBackground} disabled={dubbing} />
        {backgroundUsed && <p className="w-full text-xs text-slate-500">Last dub: {backgroundUsed}</p>}
        {ttsUnavailable && (
          <p className="w-full text-sm text-amber-700">
            Dubbing is not available for this language: {ttsUnavailable}
          </p>
        )}
        {translating && (
          <div className="w-full">
            <ProgressBar value={translateJob?.percent ?? 0} label="Translation progress" />
            <p className="mt-1 text-xs text-slate-500">
              {translateJob?.message ?? translation.statusMessage ?? "Translating..."}
            </p>
          </div>
        )}
        {dubbing && (
          <div className="w-full">
            <ProgressBar value={dubJob?.percent ?? 0} label="Dubbing progress" />
            <p className="mt-1 text-xs text-slate-500" aria-live="polite">
              {dubJob?.message ?? translation.statusMessage ?? "Dubbing..."}
            </p>
          </div>
        )}
        {translation.status === "failed" && (
          <p role="alert" className="w-full text-sm text-red-700">
            {translation.statusMessage ?? "This job failed."}
          </p>
        )}
      </div>

      {translation.finalVideoUrl && !dubbing && (
        <section
          aria-label="Downloads of the dub"
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          {translation.stale && (
            <p className="mb-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-800">
              The translation or voices changed since this dub. Dub again to update it.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <a href={translation.finalVideoUrl} download={dubFileName(code)} className={buttonPrimary}>
              <DownloadIcon className="size-4" /> Download Video
            </a>
            {translation.srtUrl && (
              <a href={translation.srtUrl} download={`subtitles-${code}.srt`} className={buttonSecondary}>
                <DownloadIcon className="size-4" /> Download SRT
              </a>
            )}
            {translation.vttUrl && (
              <a href={translation.vttUrl} download={`subtitles-${code}.vtt`} className={buttonSecondary}>
                <DownloadIcon className="size-4" /> Download VTT
              </a>
            )}
            {translation.audioUrl && (
              <a
                href={translation.audioUrl}
                download={`dubbed-audio-${code}.m4a`}
                className={buttonSecondary}
              >
                <DownloadIcon className="size-4" /> Audio (M4A)
              </a>
            )}
            {translation.wavUrl && (
              <a href={translation.wavUrl} download={`dubbed-audio-${code}.wav`} className={buttonSecondary}>
                <DownloadIcon className="size-4" /> Audio (WAV)
              </a>
            )}
            <a
              href={`/api/video/${projectId}/dubs/all-languages.mp4`}
              download="video-all-languages.mp4"
              className={buttonSecondary}
              title="The video with the original audio and every finished dub as separate audio tracks"
            >
              <DownloadIcon className="size-4" /> All languages (MP4)
            </a>
          </div>
        </section>
      )}

      {translation.status === "failed" && translation.previousDub && (
        <section
          aria-label="Previous dub"
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <p className="mb-3 text-sm text-slate-600">
            Previous dub, made before the failed attempt
            {translation.previousDub.dubbedAt
              ? ` (${new Date(translation.previousDub.dubbedAt).toLocaleString()})`
              : ""}
            ; the player above plays it.
          </p>
          <a
            href={translation.previousDub.videoUrl}
            download={`previous-dub-${code}.mp4`}
            className={buttonSecondary}
          >
            <DownloadIcon className="size-4" /> Download previous dub
          </a>
        </section>
      )}

      <ConfirmDialog
        open={confirmingRetranslate}
        title={`Translate into ${languageName} again?`}
        confirmLabel="Translate again"
        busyLabel="Starting..."
        onClose={() => setConfirmingRetranslate(false)}
        onConfirm={async () => {
          await startTranslation(projectId, code);
          setConfirmingRetranslate(false);
          setEdited(false);
          await client.invalidateQueries({ queryKey: translationsKey(projectId) });
        }}
      >
        <p>
          The {languageName} translation is made again from the transcript as it is saved now. Your edits to
          the {languageName} text are replaced; the dubbed video stays until you dub again.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete the ${languageName} translation?`}
        confirmLabel="Delete translation"
        busyLabel="Deleting..."
        onClose={() => setConfirmingDelete(false)}
        onConfirm={async () => {
          await deleteTranslation(projectId, code);
          setConfirmingDelete(false);
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
          const source = original[i];
          const flag = tooLong.get(i);
          // the glossary terms the translation lost here, until the line (as edited) has them
          const lost = translation.glossaryMisses.filter(
            (m) => m.segment === i && !seg.text.toLowerCase().includes(m.expected.toLowerCase()),
          );
          const n = i + 1;
          const projected = projection(i);
          const borrow =
            projected !== null && projected > HURRIED_SPEED
              ? borrowSilence(segments, i, projected, durationMs)
              : null;
          return {
            idleRing: flag || lost.length ? "ring-amber-300" : "ring-slate-200",
            header: (
              <>
                <span className="font-medium text-slate-700">{speakerName(speakers, seg.speaker)}</span>
                <span className="flex items-start gap-1">
                  <TimeField
                    label={`Start of translated segment ${n}`}
                    value={seg.start}
                    onChange={(ms) => setSegment(i, { start: ms })}
                  />
                  <span className="pt-1">–</span>
                  <TimeField
                    label={`End of translated segment ${n}`}
                    value={seg.end}
                    onChange={(ms) => setSegment(i, { end: ms })}
                  />
                </span>
                <span className="ml-auto flex items-center gap-2">
                  {lost.map((m) => (
                    <span
                      key={m.term}
                      data-testid="glossary-miss"
                      className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800"
                      title="The glossary says how this term is translated; the translation lost it"
                    >
                      Glossary: “{m.term}” should be “{m.expected}”
                    </span>
                  ))}
                  {flag && (
                    <span
                      data-testid="too-long"
                      className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800"
                      title="The dubbed speech did not fit this segment's time even when sped up"
                    >
                      Too long{flag.speed ? ` (×${flag.speed.toFixed(2)})` : ""}
                    </span>
                  )}
                  {projected !== null && (
                    <span
                      data-testid="projected-speed"
                      aria-live="polite"
                      title="How fast this line will be spoken if dubbed as it is now"
                      className={`rounded-full px-2 py-0.5 font-medium tabular-nums ${
                        projected > HURRIED_SPEED
                          ? "bg-amber-100 text-amber-800"
                          : "bg-slate-100 text-slate-600"
                      }`}
                    >
                      Will play at ×{projected.toFixed(2)}
                    </span>
                  )}
                  {borrow && (
                    <button
                      type="button"
                      onClick={() => setSegment(i, borrow)}
                      className="rounded-md px-2 py-0.5 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
                    >
                      Borrow {((borrow.end - borrow.start - (seg.end - seg.start)) / 1000).toFixed(1)} s of
                      silence
                    </button>
                  )}
                  <DifferenceBadge original={source?.text ?? ""} translated={seg.text} />
                  {translation.finalVideoUrl && !translation.stale && (
                    <button
                      type="button"
                      onClick={() => onPlayRange(seg.start, seg.end)}
                      aria-label={`Play the dubbed line ${n}`}
                      className="rounded-md px-2 py-0.5 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
                    >
                      ▶ Dub
                    </button>
                  )}
                  {translation.finalVideoUrl && (
                    <button
                      type="button"
                      disabled={dubbing || translating}
                      onClick={() => void dub([i])}
                      aria-label={`Regenerate the dubbed line ${n}`}
                      className="rounded-md px-2 py-0.5 font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-50"
                    >
                      Regenerate
                    </button>
                  )}
                  {editing.rowMenu(i)}
                </span>
              </>
            ),
            body: (
              <>
                {source && <p className="mt-2 text-sm text-slate-500">{source.text}</p>}
                {seg.shortenedFrom && (
                  <p data-testid="shortened" className="mt-2 text-sm text-slate-600">
                    <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800">
                      Shortened to fit
                    </span>{" "}
                    First rendering: <q lang={code}>{seg.shortenedFrom}</q>
                  </p>
                )}
                <textarea
                  {...editing.textField(i)}
                  aria-label={`Translated text of segment ${n}`}
                  value={seg.text}
                  rows={2}
                  dir={["ar", "he"].includes(code) ? "rtl" : undefined}
                  lang={code}
                  onChange={(e) => setSegment(i, { text: e.target.value }, `text:${i}`)}
                  className="mt-2 block w-full resize-y rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-200 ring-inset focus:ring-2 focus:ring-indigo-600"
                />
              </>
            ),
          };
        }}
      />
    </div>
  );
}
