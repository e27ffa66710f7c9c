import type { Language } from "../../api/types.ts";
import { inputBase } from "../../components/button-styles.ts";

/** "Spanish — you type the transcript" for a language no speech recognition here understands. */
export function spokenLanguageLabel(language: Language): string {
  return language.asr.available ? language.name : `${language.name} — you type the transcript`;
}

/** The choice that lets recognition find the language (the server needs a multilingual model for it). */
export const DETECT = "detect";

/**
 * The video's spoken language: "Detect" (offered only where recognition here can find the language, or
 * when it is the value already), then the app's 21 languages, each saying whether it is transcribed here.
 */
export function SpokenLanguageSelect({
  id,
  languages,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  languages: Language[];
  value: string;
  onChange: (code: string) => void;
  describedBy?: string;
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-describedby={describedBy}
      className={`${inputBase} mt-2`}
    >
      {(value === DETECT || languages.some((l) => l.asr.detect)) && (
        <option value={DETECT}>Detect the language</option>
      )}
      {languages.map((l) => (
        <option key={l.code} value={l.code}>
          {spokenLanguageLabel(l)}
        </option>
      ))}
    </select>
  );
}
