import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { ActionsMenu } from "../../../components/ActionsMenu.tsx";
import { buttonSecondary } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { Dialog } from "../../../components/Dialog.tsx";
import { PlusIcon } from "../../../components/icons.tsx";
import { placeSegmentsOnSpeech } from "./place-lines.ts";
import type { Segment } from "./segments.ts";
import {
  insertAfter,
  insertAt,
  mergeWithNext,
  removeAt,
  type SpeechRegion,
  splitAtCaret,
  splitAtTime,
} from "./structure.ts";
import { formatClock } from "./time.ts";

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The editor's keys, as the shortcuts dialog lists them. */
export function shortcutList(mod = isMac() ? "⌘" : "Ctrl") {
  return [
    ["Enter (at the end of a line)", "Add a segment after it"],
    [`${mod}+Z`, "Undo"],
    [`Shift+${mod}+Z`, "Redo"],
    ["Alt+↑ / Alt+↓", "Go to the previous / next segment"],
    ["Space (outside a text field)", "Play or pause"],
    ["?", "Show these shortcuts"],
  ] as const;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z anywhere on the page go to the editor's own history; `?` opens help. */
export function useEditorKeys(handlers: { undo: () => void; redo: () => void; help: () => void }) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (document.querySelector("dialog[open]")) return;
      const mod = e.metaKey || e.ctrlKey;
      if (mod && !e.altKey && e.key.toLowerCase() === "z") {
        e.preventDefault();
        if (e.shiftKey) latest.current.redo();
        else latest.current.undo();
      } else if (mod && !e.altKey && e.key.toLowerCase() === "y") {
        e.preventDefault();
        latest.current.redo();
      } else if (e.key === "?" && !typing(e.target)) {
        e.preventDefault();
        latest.current.help();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

/**
 * Adding, deleting, splitting and merging segments of one list (the transcript or a translation), with
 * the keyboard: each change is a whole new list given to `onChange`, which records it for undo.
 */
export function useSegmentEditing({
  segments,
  onChange,
  idPrefix,
  durationMs,
  playerMs,
  defaultSpeaker,
  speech,
}: {
  segments: Segment[];
  onChange: (next: Segment[]) => void;
  /** Makes each text field's id: `${idPrefix}-${index}`. */
  idPrefix: string;
  durationMs: number;
  playerMs: number;
  defaultSpeaker: string;
  /** Where the audio has speech: new lines go there. */
  speech?: readonly SpeechRegion[];
}) {
  const carets = useRef(new Map<number, number>());
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [help, setHelp] = useState(false);

  useEffect(() => {
    if (focusIndex === null) return;
    document.getElementById(`${idPrefix}-${focusIndex}`)?.focus();
    setFocusIndex(null);
  }, [focusIndex, idPrefix]);

  const change = (next: Segment[], focus?: number) => {
    onChange(next);
    if (focus !== undefined) setFocusIndex(focus);
  };
  const addAfter = (i: number) => {
    const r = insertAfter(segments, i, { speaker: defaultSpeaker, durationMs, speech });
    change(r.segments, r.index);
  };
  const playing = segments.findIndex((s) => playerMs >= s.start && playerMs < s.end);

  return {
    setHelp,
    /** Props for a segment's text field: Enter at the end adds a segment, Alt+↑/↓ moves, the caret is kept. */
    textField: (i: number) => ({
      id: `${idPrefix}-${i}`,
      onSelect: (e: { currentTarget: HTMLTextAreaElement }) => {
        carets.current.set(i, e.currentTarget.selectionStart);
      },
      onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => {
        const area = e.currentTarget;
        if (e.key === "Enter" && !e.shiftKey && !e.altKey && area.selectionStart === area.value.length) {
          e.preventDefault();
          addAfter(i);
        } else if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
          e.preventDefault();
          const to = i + (e.key === "ArrowUp" ? -1 : 1);
          if (to >= 0 && to < segments.length) setFocusIndex(to);
        }
      },
    }),
    rowMenu: (i: number) => (
      <ActionsMenu
        label={`Segment ${i + 1} actions`}
        actions={[
          { label: "Add a segment after", onSelect: () => addAfter(i) },
          {
            label: "Split at the cursor",
            onSelect: () => change(splitAtCaret(segments, i, carets.current.get(i) ?? 0), i + 1),
          },
          ...(i + 1 < segments.length
            ? [{ label: "Merge with the next", onSelect: () => change(mergeWithNext(segments, i), i) }]
            : []),
          { label: "Delete", danger: true, onSelect: () => setDeleting(i) },
        ]}
      />
    ),
    toolbar: (
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => {
            const r = insertAt(segments, playerMs, { speaker: defaultSpeaker, durationMs, speech });
            change(r.segments, r.index);
          }}
        >
          <PlusIcon className="size-4" /> Add segment at {formatClock(playerMs)}
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={playing === -1 || segments[playing]!.start === Math.round(playerMs)}
          onClick={() => change(splitAtTime(segments, playing, playerMs), playing + 1)}
        >
          Split at {formatClock(playerMs)}
        </button>
        {speech?.length && segments.length ? (
          // typed lines have no times of their own: laid on the detected speech in order (undo restores)
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => change(placeSegmentsOnSpeech(segments, speech))}
          >
            Place the lines on the speech
          </button>
        ) : null}
        <button type="button" className={`${buttonSecondary} ml-auto`} onClick={() => setHelp(true)}>
          Keyboard shortcuts
        </button>
      </div>
    ),
    dialogs: (
      <>
        <ConfirmDialog
          open={deleting !== null}
          title="Delete Segment"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            if (deleting !== null) change(removeAt(segments, deleting));
            setDeleting(null);
          }}
        >
          <p>
            Are you sure you want to delete segment {deleting === null ? "" : deleting + 1}? Undo brings it
            back.
          </p>
        </ConfirmDialog>
        <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      </>
    ),
  };
}

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <table className="w-full text-sm">
        <tbody>
          {shortcutList().map(([keys, what]) => (
            <tr key={keys} className="border-t border-slate-100">
              <th scope="row" className="py-2 pr-4 text-left font-mono text-xs font-medium text-slate-900">
                {keys}
              </th>
              <td className="py-2 text-slate-600">{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex justify-end">
        <button type="button" className={buttonSecondary} onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
