import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import type { ProjectDetail } from "../../api/types.ts";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { projectKey } from "../projects/api.ts";
import { EDITS_HANDLED } from "../unsaved/unsaved-store.ts";
import { useProjectPermissions } from "../workspaces/permissions.ts";
import { translationsKey, useLanguages, useProject, useSpeech, useTranslations, useVoices } from "./api.ts";
import { EditorSidebar } from "./EditorSidebar.tsx";
import { ProjectHeader, ProjectStatusNotes } from "./ProjectHeader.tsx";
import { PlayerBar } from "./player/PlayerBar.tsx";
import { playerSource } from "./player/player-source.ts";
import { usePlayerClearance } from "./player/use-player-clearance.ts";
import { useVideoPlayer, type VideoPlayer } from "./player/use-video-player.ts";
import { SaveButton } from "./SaveButton.tsx";
import { segmentAt } from "./transcript/segments.ts";
import { TranscriptPanel } from "./transcript/TranscriptPanel.tsx";
import { LanguageTabs, TRANSCRIPT_PANEL_ID, tabId } from "./translation/LanguageTabs.tsx";
import { TranslationTab } from "./translation/TranslationTab.tsx";
import { useProjectDraft } from "./use-project-draft.tsx";
import { useProjectEvents } from "./use-project-events.ts";

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
  // where the player was when its source changed (tab switch), to go on from there in the other track
  const shownUrl = useRef<string | null>(null);
  const resumeAt = useRef(0);
  const [bar, setBar] = useState<HTMLElement | null>(null);
  usePlayerClearance(player.element, bar);
  const { draft, dispatch, saving, saveErrors, save, restoreOffer } = useProjectDraft(project);
  const editable = useProjectPermissions(id).can("edit");

  const translationList = Object.values(translations.data ?? {});
  const requested = params.get("language");
  const selected = requested && translations.data?.[requested] ? requested : null;
  const activeIndex = segmentAt(draft.transcript, player.current);
  const shown = playerSource(project, selected ? translations.data?.[selected] : undefined, languages.data);
  if (shown && shown.url !== shownUrl.current) {
    resumeAt.current = shownUrl.current === null ? 0 : player.current;
    shownUrl.current = shown.url;
  }

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

  const saveButton = editable && (
    <SaveButton dirty={draft.dirty} saving={saving} onSave={() => void save()} />
  );

  return (
    <div className="mx-auto max-w-7xl pb-28">
      <ProjectHeader project={project} saveButton={saveButton} />
      <ProjectStatusNotes project={project} />

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {shown && (
            <EditorVideo player={player} shown={shown} poster={project.posterUrl} resumeAt={resumeAt} />
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
                  <TranscriptPanel
                    project={project}
                    draft={draft}
                    dispatch={dispatch}
                    player={player}
                    activeIndex={activeIndex}
                    voices={voices.data ?? []}
                    speech={speech.data}
                    restoreOffer={restoreOffer}
                    saveErrors={saveErrors}
                    saveButton={saveButton}
                    readOnly={!editable}
                  />
                )}
              </div>
            </>
          )}
        </div>
        {ready && (
          <EditorSidebar
            projectId={id}
            sourceCode={sourceCode}
            draft={draft}
            dispatch={dispatch}
            voices={voices.data ?? []}
            voicesFailed={voices.isError}
            languages={languages.data ?? []}
            languagesFailed={languages.isError}
            translated={translationList.map((t) => t.language)}
            onTranslated={onTranslated}
          />
        )}
      </div>

      {shown && (
        <PlayerBar barRef={setBar} player={player} transcript={draft.transcript} speakers={draft.speakers} />
      )}
    </div>
  );
}

/**
 * One player for the page: the original, or the dub of the tab that has one (a switch of tab keeps the
 * position: it goes on from `resumeAt`). Kept in view under the header while lower lines are edited
 * (large screens).
 */
function EditorVideo({
  player,
  shown,
  poster,
  resumeAt,
}: {
  player: VideoPlayer;
  shown: NonNullable<ReturnType<typeof playerSource>>;
  poster: string | null | undefined;
  /** Where to go on from when the source changes (milliseconds). */
  resumeAt: RefObject<number>;
}) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: the transcript below is the caption text
    <video
      ref={player.attach}
      src={shown.url}
      poster={poster ?? undefined}
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
  );
}
