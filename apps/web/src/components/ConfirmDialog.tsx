import { type ReactNode, useState } from "react";
import { buttonDanger, buttonSecondary } from "./button-styles.ts";
import { Dialog } from "./Dialog.tsx";

/**
 * "Are you sure?" for what cannot be undone: names what goes, and the confirm button says what it does.
 * While the action runs both buttons wait; an error keeps the dialog open with the message.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  disabled = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  disabled?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError((e as Error).message || "That did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? () => {} : onClose} title={title}>
      <div className="space-y-3 text-sm text-slate-600">{children}</div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className={buttonSecondary} disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonDanger}
          disabled={busy || disabled}
          onClick={() => void confirm()}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
