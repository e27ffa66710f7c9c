import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../api/client.ts";
import type { Speaker, Translation } from "../../../api/types.ts";
import { notify } from "../../toast/toast-store.ts";
import { lostOnOtherAddress } from "../../unsaved/unsaved-store.ts";
import { useUnsavedWork } from "../../unsaved/use-unsaved-work.tsx";
import { workspacesKey } from "../../workspaces/api.ts";
import { roleRefusal } from "../../workspaces/refusal.ts";
import { saveTranslation, translationsKey } from "../api.ts";
import type { DubOptions } from "./dub-options.ts";
import { useDubRequests } from "./use-dub-requests.ts";
import { useTranslationHistory } from "./use-translation-history.ts";

/** How the next dub is made: the choices above the translation. */
/**
 * One translation's working copy: its undo history, the segment editing and keys, saving it (kept as a
 * draft while unsaved) and starting a dub of it (saving first).
 */
export function useTranslationWork({
  projectId,
  translation,
  speakers,
  durationMs,
  playerMs,
  options,
}: {
  projectId: string;
  translation: Translation;
  speakers: Speaker[];
  durationMs: number;
  playerMs: number;
  options: DubOptions;
}) {
  const client = useQueryClient();
  const code = translation.language;
  const { segments, edited, setEdited, change, setSegment, editing, revert } = useTranslationHistory({
    translation,
    speakers,
    durationMs,
    playerMs,
  });
  const [saving, setSaving] = useState(false);
  /** A refusal for the role (it changed since the page offered the control): edits undone, and why. */
  const refuse = (message: string) => {
    revert();
    void client.invalidateQueries({ queryKey: workspacesKey });
    notify.error(message);
    return false;
  };

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      await saveTranslation(projectId, code, segments);
      setEdited(false);
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
      notify.success("Changes saved successfully");
      return true;
    } catch (error) {
      const refused = roleRefusal(error, "Your unsaved edits were undone.");
      if (refused) return refuse(refused);
      console.error("Failed to save the translation", error);
      // 409: a job is working on this translation; the edits stay here until it has finished.
      notify.error(
        error instanceof ApiError && error.status === 409
          ? `Failed to save changes: ${error.message}`
          : "Failed to save changes",
      );
      return false;
    } finally {
      setSaving(false);
    }
  };

  const restoreOffer = useUnsavedWork({
    draftKey: `translation:${projectId}:${code}`,
    dirty: edited,
    value: segments,
    save,
    differs: (kept) => JSON.stringify(kept) !== JSON.stringify(translation.transcript),
    restore: (kept) => change(kept),
    revert,
    lostOn: lostOnOtherAddress,
  });

  /** Unsaved edits saved first: a dub or a fix works on the saved lines. */
  const saveFirst = async () => {
    if (!edited) return;
    await saveTranslation(projectId, code, segments);
    setEdited(false);
  };
  const { requestingDub, dub, dubRefusal, fix } = useDubRequests({
    projectId,
    code,
    options,
    saveFirst,
    refuse,
  });

  return {
    segments,
    edited,
    /** Drops the edits' unsaved mark (a new translation replaces them). */
    forget: () => setEdited(false),
    setSegment,
    editing,
    saving,
    save,
    restoreOffer,
    requestingDub,
    dub,
    dubRefusal,
    fix,
  };
}

/** Says so when a dub started here finishes while the user waits. */
export function useDubOutcomeToast(translation: Translation, languageName: string) {
  const previousStatus = useRef(translation.status);
  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = translation.status;
    if (before === "dubbing" && translation.status === "dubbed") {
      notify.success(`The ${languageName} dub is ready.`);
    } else if (before === "dubbing" && translation.status === "failed") {
      notify.error(translation.statusMessage ?? "Dubbing failed.");
    }
  }, [translation.status, translation.statusMessage, languageName]);
}
