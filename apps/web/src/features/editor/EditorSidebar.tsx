import type { Dispatch } from "react";
import type { Language, Voice } from "../../api/types.ts";
import { GlossaryPanel } from "../glossary/GlossaryPanel.tsx";
import { ImportSubtitles } from "../subtitles/ImportSubtitles.tsx";
import { pickerLanguageFor } from "../voices/sample-url.ts";
import { useProjectPermissions } from "../workspaces/permissions.ts";
import { ActivityPanel } from "./activity/ActivityList.tsx";
import { startTranslateAndDub, startTranslation } from "./api.ts";
import { canDeleteSpeaker, type Draft, type DraftAction } from "./draft.ts";
import { ReadOnlySpeakers } from "./speakers/ReadOnlySpeakers.tsx";
import { SpeakersPanel } from "./speakers/SpeakersPanel.tsx";
import { newSpeaker } from "./speakers/speakers.ts";
import { TranslatePanel } from "./translation/TranslatePanel.tsx";

/**
 * Beside the editor: speakers and their voices, translating, the glossary, subtitle import and the
 * activity; each control only for a role that may use it (the contract's table the server enforces).
 */
export function EditorSidebar({
  projectId,
  sourceCode,
  draft,
  dispatch,
  voices,
  voicesFailed,
  languages,
  languagesFailed,
  translated,
  onTranslated,
}: {
  projectId: string;
  sourceCode: string;
  draft: Draft;
  dispatch: Dispatch<DraftAction>;
  voices: Voice[];
  voicesFailed: boolean;
  languages: Language[];
  languagesFailed: boolean;
  /** The languages that have a translation. */
  translated: string[];
  onTranslated: (done: string[]) => Promise<void>;
}) {
  const { can } = useProjectPermissions(projectId);
  return (
    <aside
      className="space-y-6 lg:sticky lg:top-20 lg:max-h-[calc(100vh-11rem)] lg:self-start lg:overflow-y-auto"
      aria-label="Speakers and translation"
    >
      {can("voices") ? (
        <SpeakersPanel
          projectId={projectId}
          saved={!draft.dirty}
          speakers={draft.speakers}
          voices={voices}
          canDelete={canDeleteSpeaker(draft)}
          pickerLanguage={pickerLanguageFor(sourceCode)}
          onAdd={() => dispatch({ type: "addSpeaker", speaker: newSpeaker(draft.speakers, voices) })}
          onDelete={(sid) => dispatch({ type: "deleteSpeaker", id: sid })}
          onChange={(sid, change) => dispatch({ type: "updateSpeaker", id: sid, change })}
        />
      ) : (
        <ReadOnlySpeakers speakers={draft.speakers} voices={voices} />
      )}
      {voicesFailed && <p className="text-sm text-red-700">The voice list could not be loaded.</p>}
      {can("translate") && (
        <TranslatePanel
          languages={languages}
          sourceLanguage={sourceCode}
          translated={translated}
          disabled={draft.dirty}
          send={(language) => startTranslation(projectId, language)}
          sendAndDub={(chosen) => startTranslateAndDub(projectId, chosen)}
          onFinished={onTranslated}
        />
      )}
      {draft.dirty && <p className="text-xs text-slate-500">Save your changes before translating.</p>}
      <GlossaryPanel projectId={projectId} languages={languages} sourceLanguage={sourceCode} />
      {can("edit") && (
        <ImportSubtitles
          projectId={projectId}
          languages={languages}
          sourceLanguage={sourceCode}
          disabled={draft.dirty}
        />
      )}
      {languagesFailed && <p className="text-sm text-red-700">The language list could not be loaded.</p>}
      <ActivityPanel projectId={projectId} />
    </aside>
  );
}
