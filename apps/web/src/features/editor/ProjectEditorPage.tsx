import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import type { ProjectDetail } from "../../api/types.ts";
import { buttonSecondary } from "../../components/button-styles.ts";
import { DownloadIcon } from "../../components/icons.tsx";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { GlossaryPanel } from "../glossary/GlossaryPanel.tsx";
import { isWorking, projectKey, projectsKey } from "../projects/api.ts";
import { ProjectActions } from "../projects/ProjectActions.tsx";
import { ImportSubtitles } from "../subtitles/ImportSubtitles.tsx";
import { notify } from "../toast/toast-store.ts";
import { EDITS_HANDLED } from "../unsaved/unsaved-store.ts";
import { useUnsavedWork } from "../unsaved/use-unsaved-work.tsx";
import { pickerLanguageFor } from "../voices/sample-url.ts";
import {
  saveProject,
  startTranslateAndDub,
  startTranslation,
  translationsKey,
  useLanguages,
  useProject,
  useSpeech,
  useTranslations,
  useVoices,
} from "./api.ts";
import { canDeleteSpeaker, draftReducer, newDraft } from "./draft.ts";
import { LanguageTabs, TRANSCRIPT_PANEL_ID, tabId } from "./LanguageTabs.tsx";
import { PlayerBar } from "./PlayerBar.tsx";
import { playerSource } from "./player-source.ts";
import { SaveButton } from "./SaveButton.tsx";
import { SpeakersPanel } from "./SpeakersPanel.tsx";
import { SpokenLanguage } from "./SpokenLanguage.tsx";
import { segmentAt } from "./segments.ts";
import { newSpeaker } from "./speakers.ts";
import { TranscriptEditor } from "./TranscriptEditor.tsx";
import { TranslatePanel } from "./TranslatePanel.tsx";
import { TranslationTab } from "./TranslationTab.tsx";
import { UntranscribedSpeech } from "./UntranscribedSpeech.tsx";
import { usePlayerClearance } from "./use-player-clearance.ts";
import { useProjectEvents } from "./use-project-events.ts";
import { useVideoPlayer } from "./use-video-player.ts";

export default function ProjectEditorPage() {
  const { id = "" } = useParams();
  const project = useProject(id);
  usePageTitle(project.data ? `Project - ${project.data.title}` : "Project");

  if (project.isPending) return <LoadingState label="Loading..." />;
  if (project.isError) {
    const missing = project.error instanceof ApiError && project.error.status === 404;
    return (
      <div
        role="alert"
        className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
      >
        <h1 className="text-lg font-semibold text-slate-900">
          {missing ? "Project not found" : "Failed to load the project"}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {missing
            ? "It may have been deleted, or it has passed its 30-day storage period."
            : project.error.message}
        </p>
        <Link
          to="/projects"
          className="mt-6 inline-block text-sm font-semibold text-indigo-600 hover:underline"
        >
          ← Back to projects
        </Link>
      </div>
    );
  }
  return <Editor project={project.data} />;
}

function Editor({ project }: { project: ProjectDetail }) {
  const id = project._id;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const ready = project.status === "ready";
  const sourceCode = project.language ?? "en";
  const translations = useTranslations(id, ready);
  const languages = useLanguages(sourceCode);
  const voices = useVoices();
  const speech = useSpeech(id, ready);
  const jobs = useProjectEvents(id);
  const player = useVideoPlayer(project.durationMs ?? 0);
  const [saving, setSaving] = useState(false);
  // where the player was when its source changed (tab switch), to go on from there in the other track
  const shownUrl = useRef<string | null>(null);
  const resumeAt = useRef(0);
  const [bar, setBar] = useState<HTMLElement | null>(null);
  usePlayerClearance(player.element, bar);
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  const [draft, dispatch] = useReducer(draftReducer, newDraft(project.speakers, project.transcript ?? []));

  // A reloaded project (after processing, or after save) becomes the working copy unless there are edits.
  useEffect(() => {
    if (!draft.dirty)
      dispatch({ type: "reset", speakers: project.speakers, transcript: project.transcript ?? [] });
  }, [project.speakers, project.transcript, draft.dirty]);

  const translationList = Object.values(translations.data ?? {});
  const requested = params.get("language");
  const selected = requested && translations.data?.[requested] ? requested : null;
  const activeIndex = segmentAt(draft.transcript, player.current);
  const shown = playerSource(project, selected ? translations.data?.[selected] : undefined, languages.data);
  if (shown && shown.url !== shownUrl.current) {
    resumeAt.current = shownUrl.current === null ? 0 : player.current;
    shownUrl.current = shown.url;
  }

  const save = async (): Promise<boolean> => {
    if (!draft.dirty) return true;
    setSaving(true);
    setSaveErrors([]);
    try {
      const saved = await saveProject(id, { speakers: draft.speakers, transcript: draft.transcript });
      client.setQueryData(projectKey(id), saved);
      dispatch({ type: "reset", speakers: saved.speakers, transcript: saved.transcript ?? draft.transcript });
      client.invalidateQueries({ queryKey: projectsKey, exact: true });
      notify.success("Changes saved successfully");
      return true;
    } catch (error) {
      console.error("Failed to save changes", error);
      if (error instanceof ApiError && error.details.length > 0) {
        setSaveErrors(error.details.map((d) => `${d.path}: ${d.message}`));
      } else if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        setSaveErrors([error.message]);
      }
      notify.error("Failed to save changes");
      return false;
    } finally {
      setSaving(false);
    }
  };

  const doc = useMemo(
    () => ({ speakers: draft.speakers, transcript: draft.transcript }),
    [draft.speakers, draft.transcript],
  );
  const restoreOffer = useUnsavedWork({
    draftKey: `project:${id}`,
    dirty: draft.dirty,
    value: doc,
    save,
    differs: (kept) =>
      JSON.stringify(kept) !==
      JSON.stringify({ speakers: project.speakers, transcript: project.transcript ?? [] }),
    restore: (kept) => dispatch({ type: "restore", doc: kept }),
  });

  const selectLanguage = (code: string | null) => {
    setParams(
      (p) => {
        if (code) p.set("language", code);
        else p.delete("language");
        return p;
      },
      { replace: true },
    );
  };

  const onTranslated = async (done: string[]) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: projectKey(id), exact: true }),
      client.invalidateQueries({ queryKey: translationsKey(id) }),
    ]);
    const last = done.at(-1);
    if (last) navigate(`/projects/${id}?language=${encodeURIComponent(last)}`);
  };

  const saveButton = <SaveButton dirty={draft.dirty} saving={saving} onSave={() => void save()} />;

  return (
    <div className="mx-auto max-w-7xl pb-28">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900">{project.title}</h1>
            <ProjectActions
              project={project}
              onDeleted={() => navigate("/projects", { state: EDITS_HANDLED })}
            />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Status:{" "}
            <span className="font-medium text-slate-900" data-testid="project-status">
              {project.status}
            </span>
            <SpokenLanguage
              project={project}
              canChange={project.status === "ready" || project.status === "failed"}
            />
            {project.expiresAt && (
              <span className="ml-3 text-slate-500">
                Stored until{" "}
                {new Date(project.expiresAt).toLocaleDateString("en-US", { month: "short", day: "numeric" })}
              </span>
            )}
          </p>
        </div>
        {ready && saveButton}
      </div>

      {isWorking(project) && (
        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-live="polite">
          <ProgressBar value={project.progress} label="Processing progress" />
          <p className="mt-2 text-sm text-slate-600">
            {project.statusMessage ?? "Processing your video..."} ({Math.round(project.progress)}%)
          </p>
        </div>
      )}
      {ready && project.statusMessage && (
        <p
          role="status"
          className="mt-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="project-note"
        >
          {project.statusMessage}
        </p>
      )}
      {project.status === "failed" && (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {project.statusMessage ?? "Processing failed."}
        </p>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {shown && (
            // One player for the page: the original, or the dub of the tab that has one (a switch of tab
            // keeps the position). Kept in view under the header while lower lines are edited (large screens).
            // biome-ignore lint/a11y/useMediaCaption: the transcript below is the caption text
            <video
              ref={player.attach}
              src={shown.url}
              poster={project.posterUrl ?? undefined}
              preload="metadata"
              playsInline
              onClick={player.toggle}
              onLoadedMetadata={(e) => {
                if (resumeAt.current > 0) e.currentTarget.currentTime = resumeAt.current / 1000;
              }}
              aria-label={shown.label}
              data-testid={shown.testId}
              className="aspect-video w-full rounded-2xl bg-black shadow-sm lg:sticky lg:top-20 lg:z-10 lg:max-h-[42vh]"
            />
          )}
          {ready && (
            <>
              <LanguageTabs
                sourceCode={sourceCode}
                translations={translationList}
                languages={languages.data ?? []}
                selected={selected}
                onSelect={selectLanguage}
              />
              <div
                id={TRANSCRIPT_PANEL_ID}
                role="tabpanel"
                aria-labelledby={tabId(selected)}
                className="space-y-6"
              >
                {selected && translations.data?.[selected] ? (
                  <TranslationTab
                    key={selected}
                    projectId={id}
                    translation={translations.data[selected]}
                    language={languages.data?.find((l) => l.code === selected)}
                    original={draft.transcript}
                    speakers={draft.speakers}
                    activeIndex={activeIndex}
                    jobs={jobs}
                    durationMs={project.durationMs ?? 0}
                    playerMs={player.current}
                    onSeek={player.seek}
                    onPlayRange={player.playRange}
                    onDeleted={() => navigate(`/projects/${id}`, { state: EDITS_HANDLED })}
                  />
                ) : (
                  <>
                    {restoreOffer}
                    {saveErrors.length > 0 && (
                      <ul role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                        {saveErrors.map((e) => (
                          <li key={e}>{e}</li>
                        ))}
                      </ul>
                    )}
                    <UntranscribedSpeech
                      projectId={id}
                      savedCount={project.transcript?.length ?? 0}
                      transcript={draft.transcript}
                      onSeek={player.seek}
                      onAddLine={({ start, end }) => {
                        const speaker = draft.speakers[0]?.id;
                        if (!speaker) return;
                        const line = { speaker, text: "", start, end };
                        const transcript = [...draft.transcript, line].sort((a, b) => a.start - b.start);
                        dispatch({ type: "setTranscript", transcript });
                        player.seek(start);
                      }}
                    />
                    <TranscriptEditor
                      transcript={draft.transcript}
                      speakers={draft.speakers}
                      activeIndex={activeIndex}
                      durationMs={project.durationMs ?? 0}
                      playerMs={player.current}
                      onChange={(index, change) => dispatch({ type: "updateSegment", index, change })}
                      onReplace={(transcript) => {
                        // The first segment typed into an empty project needs a speaker to belong to.
                        if (draft.speakers.length === 0 && transcript.length > 0) {
                          const speaker = newSpeaker(draft.speakers, voices.data ?? []);
                          dispatch({ type: "addSpeaker", speaker });
                          transcript = transcript.map((seg) => ({ ...seg, speaker: speaker.id }));
                        }
                        dispatch({ type: "setTranscript", transcript });
                      }}
                      onUndo={() => dispatch({ type: "undo" })}
                      onRedo={() => dispatch({ type: "redo" })}
                      onSeek={player.seek}
                      speech={speech.data}
                    />
                    <div className="flex flex-wrap items-center justify-end gap-2">
                      {project.transcript &&
                        project.transcript.length > 0 &&
                        (["srt", "vtt"] as const).map((format) => (
                          <a
                            key={format}
                            href={`/api/video/${id}/subtitles/original.${format}`}
                            download={`subtitles-original.${format}`}
                            className={buttonSecondary}
                            title="Subtitles of the saved transcript"
                          >
                            <DownloadIcon className="size-4" /> Original {format.toUpperCase()}
                          </a>
                        ))}
                      {saveButton}
                    </div>
                  </>
                )}
              </div>
            </>
          )}
        </div>
        {ready && (
          <aside
            className="space-y-6 lg:sticky lg:top-20 lg:max-h-[calc(100vh-11rem)] lg:self-start lg:overflow-y-auto"
            aria-label="Speakers and translation"
          >
            <SpeakersPanel
              speakers={draft.speakers}
              voices={voices.data ?? []}
              canDelete={canDeleteSpeaker(draft)}
              pickerLanguage={pickerLanguageFor(sourceCode)}
              onAdd={() =>
                dispatch({ type: "addSpeaker", speaker: newSpeaker(draft.speakers, voices.data ?? []) })
              }
              onDelete={(sid) => dispatch({ type: "deleteSpeaker", id: sid })}
              onChange={(sid, change) => dispatch({ type: "updateSpeaker", id: sid, change })}
            />
            {voices.isError && <p className="text-sm text-red-700">The voice list could not be loaded.</p>}
            <TranslatePanel
              languages={languages.data ?? []}
              sourceLanguage={sourceCode}
              translated={translationList.map((t) => t.language)}
              disabled={draft.dirty}
              send={(language) => startTranslation(id, language)}
              sendAndDub={(chosen) => startTranslateAndDub(id, chosen)}
              onFinished={onTranslated}
            />
            {draft.dirty && <p className="text-xs text-slate-500">Save your changes before translating.</p>}
            <GlossaryPanel projectId={id} languages={languages.data ?? []} sourceLanguage={sourceCode} />
            <ImportSubtitles
              projectId={id}
              languages={languages.data ?? []}
              sourceLanguage={sourceCode}
              disabled={draft.dirty}
            />
            {languages.isError && (
              <p className="text-sm text-red-700">The language list could not be loaded.</p>
            )}
          </aside>
        )}
      </div>

      {shown && (
        <PlayerBar barRef={setBar} player={player} transcript={draft.transcript} speakers={draft.speakers} />
      )}
    </div>
  );
}
