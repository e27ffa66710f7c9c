import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiFetch, jsonBody } from "../../api/client.ts";
import type { ProjectDetail } from "../../api/types.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { projectKey } from "../projects/api.ts";
import { useLanguages } from "./api.ts";
import { SpokenLanguageSelect, spokenLanguageLabel } from "./SpokenLanguageSelect.tsx";
import { SpeakerCountSelect, speakerCountOf, speakerCountValue } from "./speakers/SpeakerCountSelect.tsx";
import { spokenLanguageName } from "./spoken-language-name.ts";

/** The project's spoken language, and "Change" (or "Transcribe again"): a new transcription after a confirmation. */
export function SpokenLanguage({ project, canChange }: { project: ProjectDetail; canChange: boolean }) {
  const client = useQueryClient();
  const languages = useLanguages(project.language);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(project.language ?? "en");
  const [speakers, setSpeakers] = useState(speakerCountValue(project.speakerCount));
  const selectId = useId();
  const speakersId = useId();
  const chosen = languages.data?.find((l) => l.code === choice);
  const minutes = Math.max(1, Math.round((project.durationMs ?? 0) / 60_000));
  return (
    <span className="ml-3 text-slate-500">
      Spoken language:{" "}
      <span className="font-medium text-slate-900" data-testid="spoken-language">
        {spokenLanguageName(project, languages.data)}
      </span>
      {canChange && (
        <button
          type="button"
          className="ml-2 text-indigo-700 underline hover:text-indigo-900"
          onClick={() => {
            setChoice(project.language ?? "en");
            setSpeakers(speakerCountValue(project.speakerCount));
            setOpen(true);
          }}
        >
          Change or transcribe again
        </button>
      )}
      <ConfirmDialog
        open={open}
        title="Transcribe again?"
        confirmLabel="Transcribe again"
        busyLabel="Starting..."
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          const saved = await apiFetch<ProjectDetail>(
            `/api/video/${encodeURIComponent(project._id)}/language`,
            jsonBody("PUT", { language: choice, speakers: speakerCountOf(speakers) }),
          );
          client.setQueryData(projectKey(project._id), saved);
          setOpen(false);
        }}
      >
        <label htmlFor={selectId} className="block font-medium text-slate-700">
          Spoken language
        </label>
        <SpokenLanguageSelect
          id={selectId}
          languages={languages.data ?? []}
          value={choice}
          onChange={setChoice}
        />
        <label htmlFor={speakersId} className="block font-medium text-slate-700">
          How many people speak?
        </label>
        <SpeakerCountSelect id={speakersId} value={speakers} onChange={setSpeakers} />
        <p>
          The transcript and speakers are made again
          {chosen ? ` in ${spokenLanguageLabel(chosen)}` : ""}, replacing your edits to them. It counts about{" "}
          {minutes} {minutes === 1 ? "minute" : "minutes"} of your month. Translations stay as they are.
        </p>
      </ConfirmDialog>
    </span>
  );
}
