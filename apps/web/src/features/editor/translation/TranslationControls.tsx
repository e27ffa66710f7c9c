import type { ProgressEvent, Translation } from "../../../api/types.ts";
import { buttonPrimary, buttonSecondary } from "../../../components/button-styles.ts";
import { TrashIcon } from "../../../components/icons.tsx";
import { ProgressBar } from "../../../components/ProgressBar.tsx";
import { type BackgroundMode, BackgroundModeField, backgroundSummary } from "./BackgroundMode.tsx";
import type { DubOptions } from "./dub-options.ts";
import { type TimingMode, TimingModeField, timingSummary } from "./TimingMode.tsx";

/**
 * The card above a translation: its status, save/dub/translate again/delete, the dub's options, progress.
 * It stacks above the sticky player (z-10 on large screens: ProjectEditorPage's EditorVideo), so scrolled
 * past it slides over the player instead of under it: its buttons are never covered (#60).
 */
export function TranslationControls({
  projectId,
  translation,
  languageName,
  edited,
  saving,
  dubbing,
  translating,
  ttsUnavailable,
  empty,
  translateJob,
  dubJob,
  options,
  onOptions,
  onSave,
  onDub,
  onRetranslate,
  onDelete,
}: {
  projectId: string;
  translation: Translation;
  languageName: string;
  edited: boolean;
  saving: boolean;
  dubbing: boolean;
  translating: boolean;
  /** Why no voice engine can dub this language, or null. */
  ttsUnavailable: string | null;
  /** No segments to dub. */
  empty: boolean;
  translateJob: ProgressEvent | undefined;
  dubJob: ProgressEvent | undefined;
  options: DubOptions;
  onOptions: (options: DubOptions) => void;
  onSave: () => void;
  onDub: () => void;
  onRetranslate: () => void;
  onDelete: () => void;
}) {
  const code = translation.language;
  const backgroundUsed = backgroundSummary(translation.report);
  const timingUsed = timingSummary(translation.report);
  return (
    <div
      data-testid="dub-panel"
      className="relative z-20 flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
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
          onClick={onSave}
        >
          {saving ? "Saving..." : "Save Translation"}
        </button>
        <button
          type="button"
          className={buttonPrimary}
          disabled={dubbing || translating || ttsUnavailable !== null || empty}
          onClick={onDub}
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
          onClick={onRetranslate}
        >
          {translation.status === "failed" && translation.transcript.length === 0
            ? "Retry translation"
            : "Translate again"}
        </button>
        <button
          type="button"
          className={buttonSecondary}
          onClick={onDelete}
          aria-label={`Delete the ${languageName} translation`}
        >
          <TrashIcon className="size-4" /> Delete
        </button>
      </div>
      <DubOptionsFields
        projectId={projectId}
        code={code}
        options={options}
        onOptions={onOptions}
        disabled={dubbing}
      />
      {backgroundUsed && <p className="w-full text-xs text-slate-500">Last dub: {backgroundUsed}</p>}
      {timingUsed && <p className="w-full text-xs text-slate-500">Timing: {timingUsed}</p>}
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
  );
}

/** How the next dub is made: burnt-in (two-language) subtitles and the background sound. */
function DubOptionsFields({
  projectId,
  code,
  options,
  onOptions,
  disabled,
}: {
  projectId: string;
  code: string;
  options: DubOptions;
  onOptions: (options: DubOptions) => void;
  disabled: boolean;
}) {
  return (
    <>
      <label className="flex w-full items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={options.burnSubtitles}
          onChange={(e) => onOptions({ ...options, burnSubtitles: e.target.checked })}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        Burn subtitles into the dubbed video
      </label>
      <label className="flex w-full items-center gap-2 pl-6 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={options.burnSubtitles && options.bilingual}
          disabled={!options.burnSubtitles}
          onChange={(e) => onOptions({ ...options, bilingual: e.target.checked })}
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
      <BackgroundModeField
        value={options.background}
        onChange={(background: BackgroundMode) => onOptions({ ...options, background })}
        disabled={disabled}
      />
      <TimingModeField
        value={options.timing}
        onChange={(timing: TimingMode) => onOptions({ ...options, timing })}
        disabled={disabled}
      />
    </>
  );
}
