// The dub panel's choice of what plays under the new voice (#28), one sentence each.
export type BackgroundMode = "keep" | "duck" | "remove";

export const BACKGROUND_MODES: { value: BackgroundMode; label: string; help: string }[] = [
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

export function BackgroundModeField({
  value,
  onChange,
  disabled,
}: {
  value: BackgroundMode;
  onChange: (mode: BackgroundMode) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="w-full text-sm text-slate-700" disabled={disabled}>
      <legend className="font-medium">Original audio under the dub</legend>
      {BACKGROUND_MODES.map((m) => (
        <label key={m.value} className="mt-1 flex items-start gap-2">
          <input
            type="radio"
            name="background-mode"
            value={m.value}
            checked={value === m.value}
            onChange={() => onChange(m.value)}
            className="mt-0.5 size-4 border-slate-300 text-indigo-600"
          />
          <span>
            {m.label}
            <span className="block text-xs text-slate-500">{m.help}</span>
          </span>
        </label>
      ))}
    </fieldset>
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
