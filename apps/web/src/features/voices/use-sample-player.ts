import { useCallback, useEffect, useRef, useState } from "react";

export type SampleState = "idle" | "loading" | "playing" | "error";

/** Plays one sample at a time; playing another stops the first. */
export function useSamplePlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [state, setState] = useState<SampleState>("idle");

  const stop = useCallback(() => {
    audio.current?.pause();
    setState("idle");
    setCurrent(null);
  }, []);

  useEffect(() => () => audio.current?.pause(), []);

  const toggle = useCallback(
    (url: string) => {
      if (current === url && state === "playing") return stop();
      audio.current?.pause();
      const el = new Audio(url);
      audio.current = el;
      setCurrent(url);
      setState("loading");
      el.onplaying = () => setState("playing");
      el.onended = () => {
        setState("idle");
        setCurrent(null);
      };
      el.onerror = () => setState("error");
      el.play().catch((error: unknown) => {
        if ((error as Error).name !== "AbortError") setState("error");
      });
    },
    [current, state, stop],
  );

  return { current, state, toggle, stop };
}
