import type { MouseEvent, ReactNode } from "react";
import { PlayIcon } from "../../../components/icons.tsx";
import { formatClock } from "./time.ts";

/** Clicking a segment (outside its fields) seeks the player to its start. */
export function seekOnRowClick(e: MouseEvent, seek: () => void) {
  const target = e.target as HTMLElement;
  if (target.closest("input, textarea, select, button, a, label")) return;
  seek();
}

/**
 * One segment of a transcript or translation: a row that seeks the player when clicked (its play button
 * is the keyboard way), highlighted while it plays; `header` follows the play button, `children` below.
 */
export function SegmentRow({
  number,
  start,
  active,
  testId,
  idleRing = "ring-slate-200 hover:ring-slate-300",
  headerClassName = "",
  onSeek,
  header,
  children,
}: {
  /** 1-based, as people count segments. */
  number: number;
  start: number;
  active: boolean;
  testId: string;
  /** The ring when not playing (e.g. amber for a flagged segment). */
  idleRing?: string;
  headerClassName?: string;
  onSeek: (ms: number) => void;
  header: ReactNode;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the row's play button is the keyboard way to seek
    <li
      data-testid={testId}
      data-active={active}
      aria-current={active ? "true" : undefined}
      onClick={(e) => seekOnRowClick(e, () => onSeek(start))}
      className={`cursor-pointer rounded-xl bg-white p-3 ring-1 transition sm:p-4 ${
        active ? "bg-indigo-50/60 ring-2 ring-indigo-500" : idleRing
      }`}
    >
      <div className={`flex flex-wrap items-center gap-2 ${headerClassName}`}>
        <button
          type="button"
          onClick={() => onSeek(start)}
          aria-label={`Play segment ${number} from ${formatClock(start)}`}
          className="flex size-7 items-center justify-center rounded-full bg-slate-100 text-slate-600 hover:bg-indigo-100 hover:text-indigo-700"
        >
          <PlayIcon className="size-3.5" />
        </button>
        {header}
      </div>
      {children}
    </li>
  );
}

/** What a list draws for one segment. */
export interface SegmentView {
  header: ReactNode;
  body: ReactNode;
  idleRing?: string;
}

/** The segments as a list of SegmentRows; `view` draws each one's header and body. */
export function SegmentList<S extends { start: number }>({
  label,
  segments,
  activeIndex,
  testId,
  headerClassName,
  onSeek,
  view,
}: {
  label: string;
  segments: readonly S[];
  activeIndex: number;
  testId: string;
  headerClassName?: string;
  onSeek: (ms: number) => void;
  view: (segment: S, index: number) => SegmentView;
}) {
  return (
    <ol className="space-y-3" aria-label={label}>
      {segments.map((segment, i) => {
        const { header, body, idleRing } = view(segment, i);
        return (
          <SegmentRow
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
            key={i}
            number={i + 1}
            start={segment.start}
            active={i === activeIndex}
            testId={testId}
            idleRing={idleRing}
            headerClassName={headerClassName}
            onSeek={onSeek}
            header={header}
          >
            {body}
          </SegmentRow>
        );
      })}
    </ol>
  );
}
