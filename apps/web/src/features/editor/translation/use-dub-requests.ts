import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client.ts";
import { notify } from "../../toast/toast-store.ts";
import { roleRefusal } from "../../workspaces/refusal.ts";
import { fixLine, type LineFix, startDub, translationsKey } from "../api.ts";
import type { DubOptions } from "./dub-options.ts";

/**
 * Starting a dub of one translation (or of some of its lines again) and the report card's one-click
 * fixes, each after `saveFirst`; a refusal for the role goes to `refuse` (edits undone, and why).
 */
export function useDubRequests({
  projectId,
  code,
  options,
  saveFirst,
  refuse,
}: {
  projectId: string;
  code: string;
  options: DubOptions;
  saveFirst: () => Promise<void>;
  refuse: (message: string) => void;
}) {
  const client = useQueryClient();
  const [requestingDub, setRequestingDub] = useState(false);
  // why the server last refused to dub (e.g. a workspace that dubs only approved translations), kept in view
  const [dubRefusal, setDubRefusal] = useState<string | null>(null);

  const dub = async (regenerate?: number[]) => {
    setRequestingDub(true);
    setDubRefusal(null);
    try {
      await saveFirst();
      await startDub(projectId, code, {
        burnSubtitles: options.burnSubtitles,
        bilingualSubtitles: options.burnSubtitles && options.bilingual,
        background: options.background,
        timing: options.timing,
        ...(regenerate && { regenerate }),
      });
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
    } catch (error) {
      const refused = roleRefusal(error, "Your unsaved edits were undone.");
      if (refused) return refuse(refused);
      console.error("Failed to dub", error);
      if (error instanceof ApiError && error.status === 409) setDubRefusal(error.message);
      notify.error((error as Error).message || "Dubbing failed");
    } finally {
      setRequestingDub(false);
    }
  };

  /** A one-click fix of the report card (it applies to the saved line). */
  const fix = async (index: number, kind: LineFix, speaker?: string) => {
    setRequestingDub(true);
    try {
      await saveFirst();
      await fixLine(projectId, code, index, { fix: kind, speaker });
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
    } catch (error) {
      const refused = roleRefusal(error, "Your unsaved edits were undone.");
      if (refused) return refuse(refused);
      notify.error((error as Error).message || "The fix failed");
    } finally {
      setRequestingDub(false);
    }
  };

  return { requestingDub, dub, dubRefusal, fix };
}
