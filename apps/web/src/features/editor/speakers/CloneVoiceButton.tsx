import { useState } from "react";
import { buttonSecondary } from "../../../components/button-styles.ts";
import { useCloningInfo } from "../../voices/cloning.ts";
import { CloneVoiceDialog } from "./CloneVoiceDialog.tsx";
import type { Speaker } from "./speakers.ts";

/** "Clone this speaker's voice", where the server has an engine that clones (hidden otherwise). */
export function CloneVoiceButton({
  projectId,
  speaker,
  saved,
  onDone,
}: {
  projectId: string;
  speaker: Speaker;
  saved: boolean;
  onDone: (message: string) => void;
}) {
  const info = useCloningInfo();
  const [open, setOpen] = useState(false);
  if (!info.data?.available) return null;
  return (
    <>
      <button
        type="button"
        className={`${buttonSecondary} py-1 text-xs`}
        disabled={!saved}
        title={saved ? undefined : "Save your changes first"}
        aria-label={`Clone this speaker's voice (${speaker.name})`}
        onClick={() => setOpen(true)}
      >
        Clone this speaker&rsquo;s voice
      </button>
      {open && (
        <CloneVoiceDialog
          projectId={projectId}
          speaker={speaker}
          info={info.data}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            onDone(message);
          }}
        />
      )}
    </>
  );
}
