import type { VoiceSpokenBy } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { apiFetch } from "../../api/client.ts";
import type { Voice } from "../../api/types.ts";
import { buttonPrimary, buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { Dialog } from "../../components/Dialog.tsx";
import { CheckIcon, PauseIcon, PlayIcon } from "../../components/icons.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import {
  PICKER_LANGUAGE_LABELS,
  PICKER_LANGUAGES,
  type PickerLanguage,
  voiceSampleUrl,
} from "../voices/sample-url.ts";
import { useSamplePlayer } from "../voices/use-sample-player.ts";

/** Pick a speaker's voice, hearing samples in one of the five picker languages. */
export function VoicePickerDialog({
  open,
  speakerName,
  voices,
  selected,
  initialLanguage,
  onClose,
  onSelect,
}: {
  open: boolean;
  speakerName: string;
  voices: Voice[];
  selected: string;
  initialLanguage: PickerLanguage;
  onClose: () => void;
  onSelect: (value: string) => void;
}) {
  const [language, setLanguage] = useState<PickerLanguage>(initialLanguage);
  const [gender, setGender] = useState<"all" | "Male" | "Female">("all");
  const [choice, setChoice] = useState(selected);
  const player = useSamplePlayer();
  // which engine speaks each voice here in the sample language: the names are the catalogue's (Azure's)
  const spoken = useQuery({
    queryKey: ["voices", "spoken", language],
    queryFn: () =>
      apiFetch<Record<string, VoiceSpokenBy>>(`/api/voices/spoken/${encodeURIComponent(language)}`),
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
      <ul
        className="mt-4 max-h-[50vh] divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
        aria-label="Voices"
      >
        {shown.map((v) => {
          const url = voiceSampleUrl(language, v.value);
          const active = player.current === url;
          const isChosen = choice === v.value;
          return (
            <li
              key={v.value}
              className={`flex items-center gap-3 px-3 py-2 ${isChosen ? "bg-indigo-50" : ""}`}
            >
              <button
                type="button"
                onClick={() => player.toggle(url)}
                aria-label={`${active && player.state === "playing" ? "Stop" : "Play"} sample of ${v.name}`}
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-indigo-100 hover:text-indigo-700"
              >
                {active && player.state === "loading" ? (
                  <Spinner className="size-4" />
                ) : active && player.state === "playing" ? (
                  <PauseIcon className="size-4" />
                ) : (
                  <PlayIcon className="size-4" />
                )}
              </button>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">{v.name}</p>
                <p className="text-xs text-slate-600">
                  {v.gender} · {v.locale}
                  {spoken.data?.[v.value] && (
                    <span data-testid="voice-engine">
                      {" "}
                      · spoken by {spoken.data[v.value]?.engineLabel}
                      {spoken.data[v.value]?.local ? " (offline)" : ""}
                    </span>
                  )}
                  {active && player.state === "error" && (
                    <span className="ml-2 text-amber-700">Sample unavailable</span>
                  )}
                </p>
              </div>
              <button
                type="button"
                onClick={() => setChoice(v.value)}
                aria-pressed={isChosen}
                aria-label={`${isChosen ? "Chosen" : "Choose"} ${v.name}`}
                className={`rounded-md px-3 py-1 text-xs font-semibold ${
                  isChosen
                    ? "bg-indigo-600 text-white"
                    : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                }`}
              >
                {isChosen ? (
                  <span className="inline-flex items-center gap-1">
                    <CheckIcon className="size-3" /> Chosen
                  </span>
                ) : (
                  "Choose"
                )}
              </button>
            </li>
          );
        })}
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
