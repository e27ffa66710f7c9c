import type { MyVoice, VoiceSpokenBy } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { apiFetch } from "../../../api/client.ts";
import type { Voice } from "../../../api/types.ts";
import { buttonPrimary, buttonSecondary, inputBase } from "../../../components/button-styles.ts";
import { Dialog } from "../../../components/Dialog.tsx";
import {
  PICKER_LANGUAGE_LABELS,
  PICKER_LANGUAGES,
  type PickerLanguage,
  voiceSampleUrl,
} from "../../voices/sample-url.ts";
import { useSamplePlayer } from "../../voices/use-sample-player.ts";
import { CatalogVoiceRow } from "./CatalogVoiceRow.tsx";
import { MyVoicesList } from "./MyVoicesList.tsx";

/** Pick a speaker's voice, My voices first, hearing samples in one of the five picker languages. */
export function VoicePickerDialog({
  open,
  speakerName,
  voices,
  selected,
  initialLanguage,
  pitchHz,
  onClose,
  onSelect,
  onUseMyVoice,
}: {
  open: boolean;
  speakerName: string;
  voices: Voice[];
  selected: string;
  initialLanguage: PickerLanguage;
  /** The pitch the speaker's voice follows (followedPitchHz), when it does: a deep one changes who speaks. */
  pitchHz: number | undefined;
  onClose: () => void;
  onSelect: (value: string) => void;
  /** A voice of My voices, taken at once (its voice, pitch and pace). */
  onUseMyVoice: (voice: MyVoice) => void;
}) {
  const [language, setLanguage] = useState<PickerLanguage>(initialLanguage);
  const [gender, setGender] = useState<"all" | "Male" | "Female">("all");
  const [choice, setChoice] = useState(selected);
  const player = useSamplePlayer();
  // which engine speaks each voice here in the sample language for this speaker (the dub's own choice at
  // the pitch their voice follows): the names are the catalogue's (Azure's)
  const spoken = useQuery({
    queryKey: ["voices", "spoken", language, pitchHz],
    queryFn: () =>
      apiFetch<Record<string, VoiceSpokenBy>>(
        `/api/voices/spoken/${encodeURIComponent(language)}${pitchHz ? `?pitchHz=${pitchHz}` : ""}`,
      ),
    staleTime: 5 * 60_000,
  });
  const offline = [
    ...new Set(
      Object.values(spoken.data ?? {})
        .filter((v) => v.local)
        .map((v) => v.engineLabel),
    ),
  ];
  const ids = { language: useId(), gender: useId() };
  const shown = useMemo(
    () => voices.filter((v) => gender === "all" || v.gender === gender),
    [voices, gender],
  );
  const close = () => {
    player.stop();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={`Choose a voice for ${speakerName}`} size="max-w-2xl">
      <div className="flex flex-wrap gap-4">
        <label htmlFor={ids.language} className="text-sm">
          <span className="block font-medium text-slate-700">Sample language</span>
          <select
            id={ids.language}
            value={language}
            onChange={(e) => {
              player.stop();
              setLanguage(e.target.value as PickerLanguage);
            }}
            className={`${inputBase} mt-1`}
          >
            {PICKER_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {PICKER_LANGUAGE_LABELS[l]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.gender} className="text-sm">
          <span className="block font-medium text-slate-700">Gender</span>
          <select
            id={ids.gender}
            value={gender}
            onChange={(e) => setGender(e.target.value as typeof gender)}
            className={`${inputBase} mt-1`}
          >
            <option value="all">All</option>
            <option value="Female">Female</option>
            <option value="Male">Male</option>
          </select>
        </label>
      </div>
      {offline.length > 0 && (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="engine-note">
          On this server these voices are spoken by {offline.join(" and ")}, offline: the names are the
          catalogue&apos;s, the sound is {offline.length > 1 ? "theirs" : "its"}. Play a sample to hear each
          one.
        </p>
      )}
      <MyVoicesList
        voices={voices}
        language={language}
        player={player}
        onUse={(v) => {
          onUseMyVoice(v);
          close();
        }}
      />
      <ul
        className="mt-2 max-h-[40vh] divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
        aria-label="Voices"
      >
        {shown.map((v) => (
          <CatalogVoiceRow
            key={v.value}
            voice={v}
            sampleUrl={voiceSampleUrl(language, v.value)}
            player={player}
            spokenBy={spoken.data?.[v.value]}
            chosen={choice === v.value}
            onChoose={() => setChoice(v.value)}
          />
        ))}
      </ul>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonSecondary} onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonPrimary}
          onClick={() => {
            onSelect(choice);
            close();
          }}
        >
          Use this voice
        </button>
      </div>
    </Dialog>
  );
}
