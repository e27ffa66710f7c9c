import { type PointerEvent, useEffect, useRef, useState } from "react";
import { PauseIcon, PlayIcon } from "../../../components/icons.tsx";
import { speakerColor } from "../speakers/speaker-colors.ts";
import type { Speaker } from "../speakers/speakers.ts";
import { type Segment, segmentAt, speakerName } from "../transcript/segments.ts";
import { formatClock } from "../transcript/time.ts";
import { spaceTogglesPlay } from "./space-key.ts";
import type { VideoPlayer } from "./use-video-player.ts";

/** The fixed bottom bar: play/pause, a seek bar with speaker segment markers and a hover tooltip, the times. */
export function PlayerBar({
  player,
  transcript,
  speakers,
  barRef,
}: {
  player: VideoPlayer;
  transcript: Segment[];
  speakers: Speaker[];
  barRef?: (el: HTMLElement | null) => void;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ x: number; ms: number } | null>(null);
  const dragging = useRef(false);
  const { duration, current, playing, toggle, seek } = player;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== "Space" && e.key !== " ") return;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (!spaceTogglesPlay(e.target)) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const timeAt = (clientX: number) => {
    const rect = track.current!.getBoundingClientRect();
    const ratio = Math.max(0, Math.min(1, (clientX - rect.left) / rect.width));
    return { x: ratio * rect.width, ms: ratio * duration };
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!duration) return;
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
    seek(timeAt(e.clientX).ms);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!duration) return;
    const at = timeAt(e.clientX);
    setHover(at);
    if (dragging.current) seek(at.ms);
  };
  const hoverIndex = hover ? segmentAt(transcript, hover.ms) : -1;
  const pct = duration ? Math.min(100, (current / duration) * 100) : 0;

  return (
    <section
      ref={barRef}
      aria-label="Player"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.06)] backdrop-blur lg:left-[var(--sidebar-width)]"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:gap-4 sm:px-6">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? "Pause" : "Play"}
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white shadow hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {playing ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
        </button>
        <div className="relative flex-1 py-2">
          <div
            ref={track}
            role="slider"
            tabIndex={0}
            aria-label="Seek"
            aria-valuemin={0}
            aria-valuemax={Math.round(duration / 1000)}
            aria-valuenow={Math.round(current / 1000)}
            aria-valuetext={`${formatClock(current)} of ${formatClock(duration)}`}
            data-testid="seek-bar"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => {
              dragging.current = false;
            }}
            onPointerLeave={() => setHover(null)}
            onKeyDown={(e) => {
              const step = e.shiftKey ? 15_000 : 5000;
              const to =
                e.key === "ArrowRight" || e.key === "ArrowUp"
                  ? current + step
                  : e.key === "ArrowLeft" || e.key === "ArrowDown"
                    ? current - step
                    : e.key === "Home"
                      ? 0
                      : e.key === "End"
                        ? duration
                        : null;
              if (to === null) return;
              e.preventDefault();
              seek(to);
            }}
            className="relative h-3 cursor-pointer touch-none rounded-full bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            {duration > 0 &&
              transcript.map((seg, i) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
                  key={i}
                  data-testid="segment-marker"
                  className={`absolute inset-y-0 rounded-sm opacity-50 ${speakerColor(speakers, seg.speaker).bar}`}
                  style={{
                    left: `${(seg.start / duration) * 100}%`,
                    width: `${Math.max(0.3, ((seg.end - seg.start) / duration) * 100)}%`,
                  }}
                />
              ))}
            <span
              className="pointer-events-none absolute inset-y-0 left-0 rounded-full bg-indigo-600/30"
              style={{ width: `${pct}%` }}
            />
            <span
              className="pointer-events-none absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-indigo-600 shadow"
              style={{ left: `${pct}%` }}
            />
          </div>
          {hover && (
            <div
              role="tooltip"
              data-testid="seek-tooltip"
              className="pointer-events-none absolute bottom-full mb-2 -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow"
              style={{ left: hover.x }}
            >
              {hoverIndex >= 0 && (
                <span className="font-semibold">
                  {speakerName(speakers, transcript[hoverIndex]!.speaker)} ·{" "}
                </span>
              )}
              {formatClock(hover.ms)}
            </div>
          )}
        </div>
        <p
          className="shrink-0 font-mono text-xs text-slate-600 tabular-nums sm:text-sm"
          data-testid="time-readout"
        >
          {formatClock(current)} / {formatClock(duration)}
        </p>
      </div>
    </section>
  );
}
