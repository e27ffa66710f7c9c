import type { MyVoice, VoiceOffer } from "@dubbing/contract";
import { buttonSecondary } from "../../../components/button-styles.ts";
import { VolumeIcon } from "../../../components/icons.tsx";
import type { Speaker } from "./speakers.ts";

/**
 * A speaker's voice (opens the picker) and, when the speaker sounds like one of My voices, the offer to
 * take it: shown, never applied, and gone once the speaker speaks with it.
 */
export function SpeakerVoice({
  speaker,
  voiceName,
  offer,
  onPick,
  onUse,
}: {
  speaker: Speaker;
  voiceName: string;
  offer: VoiceOffer | undefined;
  onPick: () => void;
  onUse: (voice: MyVoice) => void;
}) {
  return (
    <>
      <button
        type="button"
        onClick={onPick}
        aria-label={`Voice of ${speaker.name}: ${voiceName}. Change voice`}
        className="mt-2 flex w-full items-center gap-2 rounded-lg bg-white px-3 py-2 text-left text-sm ring-1 ring-slate-200 hover:ring-indigo-300"
      >
        <VolumeIcon className="size-4 shrink-0 text-indigo-600" />
        <span className="min-w-0 flex-1 truncate" data-testid="speaker-voice">
          {voiceName}
        </span>
        <span className="text-xs font-semibold text-indigo-600">Change</span>
      </button>
      {offer && offer.voice.voice !== speaker.selectedVoice && (
        <p
          data-testid="voice-offer"
          className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
        >
          <span className="min-w-0 flex-1">Sounds like “{offer.voice.name}” from My voices.</span>
          <button
            type="button"
            className={`${buttonSecondary} py-1 text-xs`}
            onClick={() => onUse(offer.voice)}
          >
            Use that voice
          </button>
        </p>
      )}
    </>
  );
}
