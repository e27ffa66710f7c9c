import { useCallback, useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS, TOAST_LIMIT } from "./constants.ts";
import { TEXT } from "./messages.ts";

export type ToastKind = keyof typeof TOAST_DURATION_MS;

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Toasts with the specified limit (the oldest goes first) and durations. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, text }].slice(-TOAST_LIMIT));
      const ms = TOAST_DURATION_MS[kind];
      if (Number.isFinite(ms))
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), ms),
        );
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const t of map.values()) clearTimeout(t);
    };
  }, []);

  return { toasts, show, dismiss };
}

export function Toaster({ toasts, dismiss }: { toasts: Toast[]; dismiss: (id: number) => void }) {
  return (
    <div className="dbsw-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`dbsw-toast dbsw-toast--${t.kind}`} data-kind={t.kind}>
          <span style={{ flex: 1 }}>{t.text}</span>
          <button type="button" className="dbsw-link" aria-label={TEXT.dismiss} onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
