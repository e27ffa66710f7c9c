import { useState } from "react";
import { buttonSecondary } from "../../../components/button-styles.ts";
import { isClonedVoice } from "../../voices/cloning.ts";
import { saveToMyVoices, useRefreshMyVoices } from "../../voices/my-voices.ts";
import { CloneVoiceButton } from "./CloneVoiceButton.tsx";
import type { Speaker } from "./speakers.ts";

/**
 * "Save to My voices" on a speaker (its voice, pitch and pace kept for the user's other projects), and
 * "Clone this speaker's voice" where the server clones. A cloned voice is in My voices already.
 */
export function SaveToMyVoices({
  projectId,
  speaker,
  saved,
}: {
  projectId: string;
  speaker: Speaker;
  saved: boolean;
}) {
  const refresh = useRefreshMyVoices();
  const [state, setState] = useState<{ busy: boolean; message: string; failed: boolean }>({
    busy: false,
    message: "",
    failed: false,
  });
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {!isClonedVoice(speaker.selectedVoice) && (
        <button
          type="button"
          className={`${buttonSecondary} py-1 text-xs`}
          disabled={!saved || state.busy}
          title={saved ? undefined : "Save your changes first"}
          aria-label={`${state.busy ? "Saving…" : "Save to My voices"} (the voice of ${speaker.name})`}
          onClick={async () => {
            setState({ busy: true, message: "", failed: false });
            try {
              const v = await saveToMyVoices(projectId, speaker.id);
              setState({ busy: false, message: `Saved to My voices as “${v.name}”.`, failed: false });
              await refresh();
            } catch (e) {
              setState({ busy: false, message: (e as Error).message, failed: true });
            }
          }}
        >
          {state.busy ? "Saving…" : "Save to My voices"}
        </button>
      )}
      <CloneVoiceButton
        projectId={projectId}
        speaker={speaker}
        saved={saved}
        onDone={(message) => setState({ busy: false, message, failed: false })}
      />
      <span
        role="status"
        className={`text-xs ${state.failed ? "text-red-700" : "text-slate-600"}`}
        data-testid="my-voice-saved"
      >
        {state.message}
      </span>
    </div>
  );
}
