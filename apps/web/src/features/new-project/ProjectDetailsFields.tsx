import { useId } from "react";
import { inputBase } from "../../components/button-styles.ts";
import { useLanguages } from "../editor/api.ts";
import { DETECT, SpokenLanguageSelect } from "../editor/SpokenLanguageSelect.tsx";
import { SpeakerCountSelect } from "../editor/speakers/SpeakerCountSelect.tsx";

export interface ProjectDetails {
  title: string;
  language: string;
  speakers: string;
}

/** The new project's title, spoken language and number of speakers. */
export function ProjectDetailsFields({
  value,
  onChange,
  titleError,
}: {
  value: ProjectDetails;
  onChange: (change: Partial<ProjectDetails>) => void;
  titleError: string | null;
}) {
  const ids = {
    title: useId(),
    titleError: useId(),
    language: useId(),
    languageHint: useId(),
    speakers: useId(),
  };
  const languages = useLanguages("en");
  const spoken = languages.data?.find((l) => l.code === value.language);
  return (
    <>
      <div>
        <label htmlFor={ids.title} className="block text-sm font-medium text-slate-900">
          Project Title
        </label>
        <input
          id={ids.title}
          value={value.title}
          onChange={(e) => onChange({ title: e.target.value })}
          placeholder="Enter project title"
          maxLength={200}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? ids.titleError : undefined}
          className={`${inputBase} mt-2`}
        />
        {titleError && (
          <p id={ids.titleError} className="mt-2 text-sm text-red-700">
            {titleError}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={ids.language} className="block text-sm font-medium text-slate-900">
          Spoken language
        </label>
        <SpokenLanguageSelect
          id={ids.language}
          languages={languages.data ?? []}
          value={value.language}
          onChange={(language) => onChange({ language })}
          describedBy={ids.languageHint}
        />
        <p id={ids.languageHint} className="mt-2 text-sm text-slate-600">
          {value.language === DETECT
            ? "Speech recognition finds the language and the project takes it; where it cannot, the project says so and you choose."
            : spoken && !spoken.asr.available
              ? `No speech recognition on this server understands ${spoken.name}. The project opens with an empty transcript for you to type.`
              : "The language people speak in the video; the transcript is made in it."}
        </p>
      </div>

      <div>
        <label htmlFor={ids.speakers} className="block text-sm font-medium text-slate-900">
          How many people speak?
        </label>
        <SpeakerCountSelect
          id={ids.speakers}
          value={value.speakers}
          onChange={(speakers) => onChange({ speakers })}
        />
      </div>
    </>
  );
}
