import type { Dispatch, ReactNode } from "react";
import type { ProjectDetail, Voice } from "../../../api/types.ts";
import { buttonSecondary } from "../../../components/button-styles.ts";
import { DownloadIcon } from "../../../components/icons.tsx";
import type { useSpeech } from "../api.ts";
import type { Draft, DraftAction } from "../draft.ts";
import type { VideoPlayer } from "../player/use-video-player.ts";
import { newSpeaker } from "../speakers/speakers.ts";
import { ReadOnlyTranscript } from "./ReadOnlyTranscript.tsx";
import { TranscriptEditor } from "./TranscriptEditor.tsx";
import { UntranscribedSpeech } from "./UntranscribedSpeech.tsx";

/**
 * The original-language tab: the transcript editor, the speech it has not transcribed, its subtitles;
 * `readOnly` (a role that may not edit: viewer, reviewer): the lines to read and the subtitles.
 */
export function TranscriptPanel({
  project,
  draft,
  dispatch,
  player,
  activeIndex,
  voices,
  speech,
  restoreOffer,
  saveErrors,
  saveButton,
  readOnly,
}: {
  project: ProjectDetail;
  draft: Draft;
  dispatch: Dispatch<DraftAction>;
  player: VideoPlayer;
  activeIndex: number;
  voices: Voice[];
  speech: ReturnType<typeof useSpeech>["data"];
  restoreOffer: ReactNode;
  saveErrors: string[];
  saveButton: ReactNode;
  readOnly: boolean;
}) {
  const id = project._id;
  if (readOnly)
    return (
      <>
        <ReadOnlyTranscript
          transcript={draft.transcript}
          speakers={draft.speakers}
          activeIndex={activeIndex}
          onSeek={player.seek}
        />
        <SubtitleLinks project={project} />
      </>
    );
  return (
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
            const speaker = newSpeaker(draft.speakers, voices);
            dispatch({ type: "addSpeaker", speaker });
            transcript = transcript.map((seg) => ({ ...seg, speaker: speaker.id }));
          }
          dispatch({ type: "setTranscript", transcript });
        }}
        onUndo={() => dispatch({ type: "undo" })}
        onRedo={() => dispatch({ type: "redo" })}
        onSeek={player.seek}
        speech={speech}
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <SubtitleLinks project={project} />
        {saveButton}
      </div>
    </>
  );
}

/** The saved transcript's subtitles, to download. */
function SubtitleLinks({ project }: { project: ProjectDetail }) {
  if (!project.transcript || project.transcript.length === 0) return null;
  return (["srt", "vtt"] as const).map((format) => (
    <a
      key={format}
      href={`/api/video/${project._id}/subtitles/original.${format}`}
      download={`subtitles-original.${format}`}
      className={buttonSecondary}
      title="Subtitles of the saved transcript"
    >
      <DownloadIcon className="size-4" /> Original {format.toUpperCase()}
    </a>
  ));
}
