import { useCallback, useEffect, useState } from "react";

export interface VideoPlayer {
  attach: (el: HTMLVideoElement | null) => void;
  element: HTMLVideoElement | null;
  playing: boolean;
  /** Current time and duration in milliseconds. */
  current: number;
  duration: number;
  toggle: () => void;
  seek: (ms: number) => void;
  /** Plays from `start` and pauses at `end` (ms): one line. */
  playRange: (start: number, end: number) => void;
}

/** Drives one <video> element from outside: state for the bottom bar, and smooth time while playing. */
export function useVideoPlayer(fallbackDurationMs = 0): VideoPlayer {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);

  useEffect(() => {
    if (!video) return;
    let frame = 0;
    const tick = () => {
      setCurrent(video.currentTime * 1000);
      if (!video.paused) frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      setCurrent(video.currentTime * 1000);
    };
    const onTime = () => setCurrent(video.currentTime * 1000);
    const onMeta = () => setDuration(Number.isFinite(video.duration) ? video.duration * 1000 : 0);
    video.addEventListener("play", onPlay);
    video.addEventListener("pause", onPause);
    video.addEventListener("ended", onPause);
    video.addEventListener("timeupdate", onTime);
    video.addEventListener("seeked", onTime);
    video.addEventListener("loadedmetadata", onMeta);
    video.addEventListener("durationchange", onMeta);
    onMeta();
    setPlaying(!video.paused);
    return () => {
      cancelAnimationFrame(frame);
      video.removeEventListener("play", onPlay);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("ended", onPause);
      video.removeEventListener("timeupdate", onTime);
      video.removeEventListener("seeked", onTime);
      video.removeEventListener("loadedmetadata", onMeta);
      video.removeEventListener("durationchange", onMeta);
    };
  }, [video]);

  const toggle = useCallback(() => {
    if (!video) return;
    if (video.paused) video.play().catch(() => {});
    else video.pause();
  }, [video]);

  const seek = useCallback(
    (ms: number) => {
      if (!video) return;
      const max = (Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY) * 1000;
      const to = Math.max(0, Math.min(ms, max));
      video.currentTime = to / 1000;
      setCurrent(to);
    },
    [video],
  );

  const playRange = useCallback(
    (start: number, end: number) => {
      if (!video) return;
      seek(start);
      const stop = () => {
        if (video.currentTime < end / 1000 && !video.paused) return;
        video.pause();
        video.removeEventListener("timeupdate", stop);
        video.removeEventListener("pause", stop);
      };
      video.addEventListener("timeupdate", stop);
      video.addEventListener("pause", stop);
      void video.play().catch(() => {});
    },
    [video, seek],
  );

  return {
    attach: setVideo,
    element: video,
    playing,
    current,
    duration: duration || fallbackDurationMs,
    toggle,
    seek,
    playRange,
  };
}
