// The dub panel's choice of what plays under the new voice (the separated background, the original
// ducked, or nothing), one sentence each.
import { type Choice, ChoiceField } from "../ChoiceField.tsx";

export type BackgroundMode = "keep" | "duck" | "remove";

export const BACKGROUND_MODES: Choice<BackgroundMode>[] = [
  {
    value: "keep",
    label: "Keep music and effects",
    help: "The original voice is removed and the music, effects and room sound stay at full level.",
  },
  {
    value: "duck",
    label: "Lower the original",
    help: "The whole original audio, voice included, plays 18 dB quieter under the dub.",
  },
  {
    value: "remove",
    label: "New voice only",
    help: "Only the dubbed voice is heard; the original audio is left out.",
  },
];

export function BackgroundModeField(props: {
  value: BackgroundMode;
  onChange: (mode: BackgroundMode) => void;
  disabled?: boolean;
}) {
  return (
    <ChoiceField
      legend="Original audio under the dub"
      name="background-mode"
      choices={BACKGROUND_MODES}
      {...props}
    />
  );
}

/** What the last dub used, from its report: the mode, the separation engine, or why it ducked instead. */
export function backgroundSummary(
  report: {
    background?: BackgroundMode;
    separation?: { engine: string | null; reason?: string };
  } | null,
): string | null {
  if (!report?.background) return null;
  if (report.separation && report.separation.engine === null)
    return `The original was lowered instead of separated: ${report.separation.reason ?? "it could not be separated"}.`;
  if (report.background === "keep")
    return `Music and effects kept (separated by ${report.separation?.engine}).`;
  return BACKGROUND_MODES.find((m) => m.value === report.background)?.label ?? null;
}
