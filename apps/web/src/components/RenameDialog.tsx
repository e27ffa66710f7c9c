import { type FormEvent, useEffect, useId, useState } from "react";
import { buttonPrimary, buttonSecondary, inputBase } from "./button-styles.ts";
import { Dialog } from "./Dialog.tsx";

/** The title rule of create: 1–200 characters after trimming. */
function titleProblem(title: string): string | null {
  const t = title.trim();
  if (t === "") return "A title is required.";
  if (t.length > 200) return "The title can be at most 200 characters.";
  return null;
}

/** Renames something with a title; the server's refusal (if any) is shown under the field. */
export function RenameDialog({
  open,
  what,
  current,
  onRename,
  onClose,
}: {
  open: boolean;
  what: string;
  current: string;
  onRename: (title: string) => Promise<void>;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  useEffect(() => {
    if (open) {
      setTitle(current);
      setError(null);
    }
  }, [open, current]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = titleProblem(title);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await onRename(title.trim());
      onClose();
    } catch (err) {
      setError((err as Error).message || "The title could not be saved.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title={`Rename ${what}`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          Title
        </label>
        <input
          id={inputId}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={250}
          aria-invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${inputBase} mt-1`}
          // biome-ignore lint/a11y/noAutofocus: the dialog exists to type the new title
          autoFocus
        />
        {error && (
          <p id={`${inputId}-error`} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonPrimary} disabled={busy}>
            {busy ? "Saving..." : "Rename"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
