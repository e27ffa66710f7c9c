import type { VoiceSpokenBy } from "@dubbing/contract";
import type { Voice } from "../../../api/types.ts";
import { CheckIcon, PauseIcon, PlayIcon } from "../../../components/icons.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import type { useSamplePlayer } from "../../voices/use-sample-player.ts";

/** One catalogue voice in the picker: its sample, who speaks it on this server, and Choose. */
export function CatalogVoiceRow({
  voice: v,
  sampleUrl: url,
  player,
  spokenBy,
  chosen: isChosen,
  onChoose,
}: {
  voice: Voice;
  sampleUrl: string;
  player: ReturnType<typeof useSamplePlayer>;
  spokenBy: VoiceSpokenBy | undefined;
  chosen: boolean;
  onChoose: () => void;
}) {
  const active = player.current === url;
  return (
    <li className={`flex items-center gap-3 px-3 py-2 ${isChosen ? "bg-indigo-50" : ""}`}>
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
          {spokenBy && (
            <span data-testid="voice-engine">
              {" "}
              → {spokenBy.local ? spokenBy.voiceLabel : spokenBy.engineLabel}
              {spokenBy.local ? " (offline)" : ""}
            </span>
          )}
          {active && player.state === "error" && (
            <span className="ml-2 text-amber-700">Sample unavailable</span>
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={onChoose}
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
}
