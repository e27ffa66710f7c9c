import { type FormEvent, useEffect, useId, useState } from "react";
import { buttonPrimary, buttonSecondary, inputBase } from "./button-styles.ts";
import { Dialog } from "./Dialog.tsx";

/** What a "name something" dialog asks and says (RenameDialog, NewWorkspaceDialog). */
export interface NameDialogText {
  /** The dialog's title ("Rename project", "New workspace"). */
  title: string;
  /** The field's label. */
  label: string;
  /** The submit button, and its text while the answer is awaited. */
  submit: string;
  busy: string;
  /** Shown when the refusal has no message of its own. */
  failed: string;
}

/**
 * A dialog that asks for one name: checked by `problem` (the server's rule) before `onSubmit` gets it
 * trimmed; the server's refusal (if any) is shown under the field, and the dialog closes once it is taken.
 */
export function NameDialog({
  open,
  text,
  initial,
  maxLength,
  problem,
  onSubmit,
  onClose,
}: {
  open: boolean;
  text: NameDialogText;
  initial: string;
  maxLength: number;
  problem: (name: string) => string | null;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = problem(name);
    if (found) return setError(found);
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (err) {
      setError((err as Error).message || text.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title={text.title}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {text.label}
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={maxLength}
          aria-invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${inputBase} mt-1`}
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
            {busy ? text.busy : text.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
