import { type FormEvent, useEffect, useId, useState } from "react";
import { buttonPrimary, buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { Dialog } from "../../components/Dialog.tsx";

/** "New workspace…": its name (1–100 characters, the server's rule); the server's refusal under the field. */
export function NewWorkspaceDialog({
  open,
  onCreate,
  onClose,
}: {
  open: boolean;
  onCreate: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  useEffect(() => {
    if (open) {
      setName("");
      setError(null);
    }
  }, [open]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError("Give the workspace a name.");
    setBusy(true);
    try {
      await onCreate(name.trim());
      onClose();
    } catch (err) {
      setError((err as Error).message || "The workspace could not be made.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title="New workspace">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          Name of the workspace
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
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
            {busy ? "Creating..." : "Create workspace"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
