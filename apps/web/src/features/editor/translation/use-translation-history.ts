import { useEffect, useState } from "react";
import type { Segment, Speaker, Translation } from "../../../api/types.ts";
import { record, redo, startHistory, undo } from "../transcript/history.ts";
import { useEditorKeys, useSegmentEditing } from "../transcript/segment-editing.tsx";

/**
 * One translation's working copy: its lines with their undo history, whether they are edited since the
 * last save, the segment editing and its keys. A reloaded translation replaces the copy unless edited.
 */
export function useTranslationHistory({
  translation,
  speakers,
  durationMs,
  playerMs,
}: {
  translation: Translation;
  speakers: Speaker[];
  durationMs: number;
  playerMs: number;
}) {
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

  useEffect(() => {
    if (!edited) setHistory(startHistory(translation.transcript));
  }, [translation.transcript, edited]);

  /** Back to the saved translation, the edits dropped. */
  const revert = () => {
    setEdited(false);
    setHistory(startHistory(translation.transcript));
  };

  return { segments, edited, setEdited, change, setSegment, editing, revert };
}
