// The dub panel's choice of how lines that run long are fitted, one sentence each.
import { type Choice, ChoiceField } from "../ChoiceField.tsx";

export type TimingMode = "keep-length" | "picture-waits";

export const TIMING_MODES: Choice<TimingMode>[] = [
  {
    value: "keep-length",
    label: "Keep the video's length",
    help: "Lines that run long are spoken up to 1.25× faster, and start a little late rather than overlap.",
  },
  {
    value: "picture-waits",
    label: "Let the picture wait",
    help: "No line is spoken faster than 1.15×: where a line needs more time the picture holds while it plays at 1.1×, and the video grows.",
  },
];

export function TimingModeField(props: {
  value: TimingMode;
  onChange: (mode: TimingMode) => void;
  disabled?: boolean;
}) {
  return <ChoiceField legend="Lines that run long" name="timing-mode" choices={TIMING_MODES} {...props} />;
}

/** What the last dub's timing did, from its report: the picture's waits, or the fastest line. */
export function timingSummary(
  report: { timing?: { mode: TimingMode; addedMs: number; fastest: number; atMost1_1: number } } | null,
): string | null {
  const t = report?.timing;
  if (!t) return null;
  const share = `${Math.round(t.atMost1_1 * 100)} % of lines at most 1.1×`;
  if (t.mode === "picture-waits" && t.addedMs > 0)
    return `The picture waited ${(t.addedMs / 1000).toFixed(1)} s in all; ${share}.`;
  return `Fastest line ${t.fastest.toFixed(2)}×; ${share}.`;
}

/** A line the picture waited for in the last dub: the speed it played at and how long the picture held. */
export function WaitBadge({ line }: { line: { speed: number; waitMs?: number } }) {
  return (
    <span
      data-testid="picture-waited"
      title="The line needed more time than its place allowed: the picture held while it was spoken"
      className="rounded-full bg-sky-50 px-2 py-0.5 font-medium text-sky-800 tabular-nums"
    >
      ×{line.speed.toFixed(2)}, picture waits {((line.waitMs ?? 0) / 1000).toFixed(1)} s
    </span>
  );
}
