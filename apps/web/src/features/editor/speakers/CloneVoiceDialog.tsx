import type { CloningInfo } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { buttonPrimary, buttonSecondary } from "../../../components/button-styles.ts";
import { Dialog } from "../../../components/Dialog.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { projectKey } from "../../projects/api.ts";
import { cloneSpeakerVoice } from "../../voices/cloning.ts";
import { useRefreshMyVoices } from "../../voices/my-voices.ts";
import type { Speaker } from "./speakers.ts";

/**
 * The consent step of "Clone this speaker's voice": the sentence the server records, an unchecked box,
 * and a confirm button that works only once it is checked. The provider's refusal is shown as it said it.
 */
export function CloneVoiceDialog({
  projectId,
  speaker,
  info,
  onClose,
  onDone,
}: {
  projectId: string;
  speaker: Speaker;
  info: CloningInfo;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const client = useQueryClient();
  const refreshMine = useRefreshMyVoices();
  const boxId = useId();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await cloneSpeakerVoice(projectId, speaker.id);
      await Promise.all([refreshMine(), client.invalidateQueries({ queryKey: projectKey(projectId) })]);
      onDone(`${speaker.name} now speaks with the cloned voice “${made.voice.name}” (in My voices).`);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? () => {} : onClose} title={`Clone the voice of ${speaker.name}`}>
      <p className="text-sm text-slate-600">
        {info.provider} makes a voice from {speaker.name}&rsquo;s speech in this project (at least{" "}
        {info.minSeconds} seconds). It then speaks every language {info.provider} speaks, in your dubs and
        previews, and is deleted at {info.provider} when you delete it, this project (unless you keep it) or
        your account.
      </p>
      <div className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
        <input
          id={boxId}
          type="checkbox"
          className="mt-1"
          checked={agreed}
          disabled={busy}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <label htmlFor={boxId} className="text-sm text-slate-900">
          {info.consent}
        </label>
      </div>
      {busy && (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Sending the sample to {info.provider} and making the voice…
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonSecondary} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className={buttonPrimary} disabled={!agreed || busy} onClick={confirm}>
          {busy ? "Cloning…" : "Clone the voice"}
        </button>
      </div>
    </Dialog>
  );
}
