import { useId, useState } from "react";
import { buttonPrimary, buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { useUnsavedWork } from "../unsaved/use-unsaved-work.tsx";

/** A frame's text, editable in place; saving hands the new text to `save` (false: it could not). */
export function FrameText({
  draftKey,
  frame,
  text,
  save,
}: {
  draftKey: string;
  frame: number;
  text: string;
  save: (text: string) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const dirty = editing !== null && editing.trim() !== text;
  const commit = async () => {
    if (editing === null || !editing.trim()) return false;
    setSaving(true);
    const ok = await save(editing.trim());
    setSaving(false);
    if (ok) setEditing(null);
    return ok;
  };
  const restoreOffer = useUnsavedWork({
    draftKey,
    dirty,
    value: editing ?? text,
    save: commit,
    differs: (kept) => kept.trim() !== text,
    restore: setEditing,
    revert: () => setEditing(null),
  });
  if (editing === null)
    return (
      <>
        {restoreOffer}
        <p className="mt-1 text-sm text-slate-600">{text}</p>
        <button
          type="button"
          className="mt-1 text-sm font-semibold text-indigo-600 hover:underline"
          onClick={() => setEditing(text)}
          aria-label={`Edit the text of frame ${frame + 1}`}
        >
          Edit text
        </button>
      </>
    );
  return (
    <div className="mt-2">
      <label htmlFor={id} className="sr-only">
        Text of frame {frame + 1}
      </label>
      <textarea
        id={id}
        value={editing}
        rows={3}
        onChange={(e) => setEditing(e.target.value)}
        className={inputBase}
      />
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className={buttonPrimary}
          disabled={saving || !editing.trim()}
          onClick={() => void commit()}
        >
          {saving ? "Saving..." : "Save text"}
        </button>
        <button type="button" className={buttonSecondary} disabled={saving} onClick={() => setEditing(null)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
