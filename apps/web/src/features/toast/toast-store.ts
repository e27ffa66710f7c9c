/** Notifications hide after 5000 ms unless told otherwise (PRODUCT.md § Screens). */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = "success" | "error" | "warning";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = (toast: Toast | null) => void;

/**
 * One notification at a time: a new one replaces the old and restarts the timer.
 * Framework-free so it can be tested and called from anywhere (mutations, event handlers).
 */
export function createToastStore(schedule = setTimeout, cancel = clearTimeout) {
  let current: Toast | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const l of listeners) l(current);
  };
  const hide = () => {
    if (timer !== undefined) cancel(timer);
    timer = undefined;
    current = null;
    emit();
  };
  return {
    show(kind: ToastKind, message: string, durationMs = TOAST_DURATION_MS) {
      if (timer !== undefined) cancel(timer);
      current = { id: nextId++, kind, message };
      timer = schedule(hide, durationMs);
      emit();
    },
    hide,
    get current() {
      return current;
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's notification channel. */
export const toasts = createToastStore();
export const notify = {
  success: (message: string) => toasts.show("success", message),
  error: (message: string) => toasts.show("error", message),
  warning: (message: string) => toasts.show("warning", message),
};
