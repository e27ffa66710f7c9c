import type { MyVoice } from "@dubbing/contract";
import { PauseIcon, PlayIcon } from "../../../components/icons.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { clonedVoiceSampleUrl, keepMyVoice } from "../../voices/cloning.ts";
import type { useSamplePlayer } from "../../voices/use-sample-player.ts";

/**
 * A cloned voice in My voices: its sample in the picker's language (spoken by the voice itself), who
 * made it, and "Keep" for one that would otherwise go with its project.
 */
export function ClonedVoiceNote({
  voice: v,
  language,
  player,
  onError,
  onKept,
}: {
  voice: MyVoice;
  language: string;
  player: ReturnType<typeof useSamplePlayer>;
  onError: (message: string) => void;
  onKept: () => void;
}) {
  const url = clonedVoiceSampleUrl(v.id, language);
  const active = player.current === url;
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <button
        type="button"
        onClick={() => player.toggle(url)}
        aria-label={`${active && player.state === "playing" ? "Stop" : "Play"} sample of ${v.name}`}
        className="flex size-6 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-indigo-100"
      >
        {active && player.state === "loading" ? (
          <Spinner className="size-3" />
        ) : active && player.state === "playing" ? (
          <PauseIcon className="size-3" />
        ) : (
          <PlayIcon className="size-3" />
        )}
      </button>
      <span>
        Cloned with {v.provider}
        {v.saved ? "" : " · deleted with its project unless kept"}
        {active && player.state === "error" ? " · the sample could not be played" : ""}
      </span>
      {!v.saved && (
        <button
          type="button"
          aria-label={`Keep ${v.name} after its project is deleted`}
          className="font-semibold text-indigo-700 hover:underline"
          onClick={async () => {
            try {
              await keepMyVoice(v.id);
              onKept();
            } catch (e) {
              onError(`${v.name} could not be kept: ${(e as Error).message}`);
            }
          }}
        >
          Keep
        </button>
      )}
    </div>
  );
}
