import { useSyncExternalStore } from "react";
import { type ToastKind, toasts } from "./toast-store.ts";

const STYLES: Record<ToastKind, { box: string; icon: string; label: string }> = {
  success: { box: "border-emerald-200 bg-emerald-50 text-emerald-900", icon: "✓", label: "Success" },
  error: { box: "border-red-200 bg-red-50 text-red-900", icon: "!", label: "Error" },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-900", icon: "⚠", label: "Warning" },
};

/** Shows the current notification in a corner; screen readers hear it through a live region. */
export function ToastViewport() {
  const toast = useSyncExternalStore(toasts.subscribe, () => toasts.current);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex justify-center px-4 sm:justify-end"
    >
      {toast && (
        <div
          key={toast.id}
          role={toast.kind === "error" ? "alert" : "status"}
          data-kind={toast.kind}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${STYLES[toast.kind].box}`}
        >
          <span aria-hidden="true" className="mt-0.5 font-bold">
            {STYLES[toast.kind].icon}
          </span>
          <p className="flex-1 text-sm">
            <span className="sr-only">{STYLES[toast.kind].label}: </span>
            {toast.message}
          </p>
          <button
            type="button"
            onClick={() => toasts.hide()}
            aria-label="Close notification"
            className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      )}
    </div>
  );
}
