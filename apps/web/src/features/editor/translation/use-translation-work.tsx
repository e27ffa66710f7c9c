import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../api/client.ts";
import type { Segment, Speaker, Translation } from "../../../api/types.ts";
import { notify } from "../../toast/toast-store.ts";
import { lostOnOtherAddress } from "../../unsaved/unsaved-store.ts";
import { useUnsavedWork } from "../../unsaved/use-unsaved-work.tsx";
import { fixLine, type LineFix, saveTranslation, startDub, translationsKey } from "../api.ts";
import { record, redo, startHistory, undo } from "../transcript/history.ts";
import { useEditorKeys, useSegmentEditing } from "../transcript/segment-editing.tsx";
import type { BackgroundMode } from "./BackgroundMode.tsx";
import type { TimingMode } from "./TimingMode.tsx";

/** How the next dub is made: the choices above the translation. */
export interface DubOptions {
  burnSubtitles: boolean;
  bilingual: boolean;
  background: BackgroundMode;
  timing: TimingMode;
}

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
  const [history, setHistory] = useState(() => startHistory(translation.transcript));
  const segments = history.present;
  const [edited, setEdited] = useState(false);
  /** Records an edit for undo; `key` makes typing into one field one step. */
  const change = (next: Segment[], key: string | null = null) => {
    setHistory((h) => record(h, next, key, Date.now()));
    setEdited(true);
  };
  const editing = useSegmentEditing({
    segments,
    onChange: (next) => change(next),
    idPrefix: `translation-text-${translation.language}`,
    durationMs,
    playerMs,
    defaultSpeaker: speakers[0]?.id ?? "s1",
  });
  useEditorKeys({
    undo: () => {
      setHistory(undo);
      setEdited(true);
    },
    redo: () => {
      setHistory(redo);
      setEdited(true);
    },
    help: () => editing.setHelp(true),
  });
  const setSegment = (i: number, patch: Partial<Segment>, key: string | null = null) =>
    change(
      segments.map((s, j) => (j === i ? { ...s, ...patch } : s)),
      key,
    );
  const [saving, setSaving] = useState(false);
  const [requestingDub, setRequestingDub] = useState(false);

  // A reloaded translation replaces the working copy unless the user has unsaved edits.
  useEffect(() => {
    if (!edited) setHistory(startHistory(translation.transcript));
  }, [translation.transcript, edited]);

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      await saveTranslation(projectId, code, segments);
      setEdited(false);
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
      notify.success("Changes saved successfully");
      return true;
    } catch (error) {
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
    revert: () => {
      setEdited(false);
      setHistory(startHistory(translation.transcript));
    },
    lostOn: lostOnOtherAddress,
  });

  // why the server last refused to dub (e.g. a workspace that dubs only approved translations), kept in view
  const [dubRefusal, setDubRefusal] = useState<string | null>(null);
  const dub = async (regenerate?: number[]) => {
    setRequestingDub(true);
    setDubRefusal(null);
    try {
      if (edited) {
        await saveTranslation(projectId, code, segments);
        setEdited(false);
      }
      await startDub(projectId, code, {
        burnSubtitles: options.burnSubtitles,
        bilingualSubtitles: options.burnSubtitles && options.bilingual,
        background: options.background,
        timing: options.timing,
        ...(regenerate && { regenerate }),
      });
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
    } catch (error) {
      console.error("Failed to dub", error);
      if (error instanceof ApiError && error.status === 409) setDubRefusal(error.message);
      notify.error((error as Error).message || "Dubbing failed");
    } finally {
      setRequestingDub(false);
    }
  };

  /** A one-click fix of the report card (unsaved edits saved first: the fix applies to the saved line). */
  const fix = async (index: number, kind: LineFix) => {
    setRequestingDub(true);
    try {
      if (edited) {
        await saveTranslation(projectId, code, segments);
        setEdited(false);
      }
      await fixLine(projectId, code, index, kind);
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
    } catch (error) {
      notify.error((error as Error).message || "The fix failed");
    } finally {
      setRequestingDub(false);
    }
  };

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
