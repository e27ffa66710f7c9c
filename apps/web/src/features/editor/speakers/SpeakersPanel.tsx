import { followedPitchHz } from "@dubbing/contract";
import { useEffect, useState } from "react";
import type { Voice } from "../../../api/types.ts";
import { buttonDanger, buttonSecondary, inputBase } from "../../../components/button-styles.ts";
import { Dialog } from "../../../components/Dialog.tsx";
import { PlusIcon, TrashIcon } from "../../../components/icons.tsx";
import { isClonedVoice } from "../../voices/cloning.ts";
import { styleFromMyVoice, useMyVoices, useVoiceOffers } from "../../voices/my-voices.ts";
import type { PickerLanguage } from "../../voices/sample-url.ts";
import { SaveToMyVoices } from "./SaveToMyVoices.tsx";
import { SpeakerStyleFields } from "./SpeakerStyleFields.tsx";
import { SpeakerVoice } from "./SpeakerVoice.tsx";
import { speakerColor } from "./speaker-colors.ts";
import type { Speaker } from "./speakers.ts";
import { VoicePickerDialog } from "./VoicePickerDialog.tsx";
import { onVoicePickerRequest } from "./voice-picker-request.ts";

export function SpeakersPanel({
  projectId,
  saved,
  speakers,
  voices,
  canDelete,
  pickerLanguage,
  onAdd,
  onDelete,
  onChange,
}: {
  projectId: string;
  /** No unsaved changes: "Save to My voices" reads the speaker as saved. */
  saved: boolean;
  speakers: Speaker[];
  voices: Voice[];
  canDelete: boolean;
  pickerLanguage: PickerLanguage;
  onAdd: () => void;
  onDelete: (id: string) => void;
  onChange: (id: string, change: Partial<Omit<Speaker, "id">>) => void;
}) {
  const [deleting, setDeleting] = useState<Speaker | null>(null);
  const [picking, setPicking] = useState<Speaker | null>(null);
  // the report card's "Change the voice" opens the picker of the line's speaker
  useEffect(
    () => onVoicePickerRequest((id) => setPicking(speakers.find((s) => s.id === id) ?? null)),
    [speakers],
  );
  const mine = useMyVoices().data;
  const offers = useVoiceOffers(projectId).data;
  const voiceName = (value: string) => {
    if (isClonedVoice(value)) return `${mine?.find((m) => m.voice === value)?.name ?? "A voice"} (cloned)`;
    const v = voices.find((x) => x.value === value);
    return v ? `${v.name} (${v.gender}, ${v.locale})` : value || "No voice";
  };
  return (
    <section
      aria-labelledby="speakers-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="speakers-title" className="font-semibold text-slate-900">
          Speakers
        </h2>
        <button type="button" className={buttonSecondary} onClick={onAdd} disabled={voices.length === 0}>
          <PlusIcon className="size-4" /> Add Speaker
        </button>
      </div>
      {speakers.length === 0 && <p className="mt-4 text-sm text-slate-500">No speakers yet.</p>}
      <ul className="mt-4 space-y-3">
        {speakers.map((s) => (
          <li key={s.id} data-testid="speaker" className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <div className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`size-3 shrink-0 rounded-full ${speakerColor(speakers, s.id).dot}`}
              />
              <label className="min-w-0 flex-1">
                <span className="sr-only">Name of {s.name}</span>
                <input
                  value={s.name}
                  onChange={(e) => onChange(s.id, { name: e.target.value })}
                  className={`${inputBase} py-1.5 font-medium`}
                />
              </label>
              <button
                type="button"
                onClick={() => setDeleting(s)}
                disabled={!canDelete}
                title={canDelete ? undefined : "A transcript needs at least one speaker"}
                aria-label={`Delete ${s.name}`}
                className="rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-40 disabled:hover:bg-transparent"
              >
                <TrashIcon className="size-4" />
              </button>
            </div>
            <SpeakerVoice
              speaker={s}
              voiceName={voiceName(s.selectedVoice)}
              offer={offers?.find((o) => o.speakerId === s.id)}
              onPick={() => setPicking(s)}
              onUse={(v) => onChange(s.id, { selectedVoice: v.voice, style: styleFromMyVoice(v, s.style) })}
            />
            <SpeakerStyleFields
              speakerName={s.name}
              style={s.style}
              onChange={(style) => onChange(s.id, { style })}
            />
            <SaveToMyVoices projectId={projectId} speaker={s} saved={saved} />
          </li>
        ))}
      </ul>

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete Speaker">
        <p className="text-sm text-slate-600">
          Are you sure you want to delete this speaker? This action cannot be undone.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className={buttonSecondary} onClick={() => setDeleting(null)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonDanger}
            onClick={() => {
              if (deleting) onDelete(deleting.id);
              setDeleting(null);
            }}
          >
            Delete
          </button>
        </div>
      </Dialog>

      {picking && (
        <VoicePickerDialog
          open
          speakerName={picking.name}
          voices={voices}
          selected={picking.selectedVoice}
          initialLanguage={pickerLanguage}
          pitchHz={followedPitchHz(picking.style)}
          onClose={() => setPicking(null)}
          onSelect={(value) => onChange(picking.id, { selectedVoice: value })}
          onUseMyVoice={(v) =>
            onChange(picking.id, { selectedVoice: v.voice, style: styleFromMyVoice(v, picking.style) })
          }
        />
      )}
    </section>
  );
}
