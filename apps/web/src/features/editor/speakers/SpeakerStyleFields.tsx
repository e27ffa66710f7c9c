import { type SpeakerStyle, STYLE_PACE, STYLE_PITCH_HZ } from "@dubbing/contract";
import { useId, useState } from "react";
import { inputBase } from "../../../components/button-styles.ts";

/** Pure: a style with `key` set to `value`, or without it (undefined): the user's value or the measure. */
export function withValue(
  style: SpeakerStyle,
  key: "pitchHz" | "syllablesPerSec",
  value: number | undefined,
): SpeakerStyle {
  const { [key]: _old, ...rest } = style;
  return value === undefined ? rest : { ...rest, [key]: value };
}

/**
 * A number field that commits only values within [min, max] (an empty field: back to the measure); what
 * is typed meanwhile stays in the field with the reason it is not taken.
 */
function NumberField({
  label,
  unit,
  value,
  placeholder,
  min,
  max,
  step,
  disabled,
  onCommit,
}: {
  label: string;
  unit: string;
  value: number | undefined;
  placeholder: string;
  min: number;
  max: number;
  step: number;
  disabled: boolean;
  onCommit: (value: number | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === undefined ? "" : String(value));
  const n = Number(shown);
  const invalid = shown.trim() !== "" && (!Number.isFinite(n) || n < min || n > max);
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label} <span className="font-normal text-slate-500">({unit})</span>
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={shown}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          const v = Number(t);
          if (t.trim() === "") onCommit(undefined);
          else if (Number.isFinite(v) && v >= min && v <= max) onCommit(v);
        }}
        onBlur={() => {
          if (!invalid) setText(null);
        }}
        className={`${inputBase} mt-1 py-1 text-sm disabled:bg-slate-100 disabled:text-slate-400`}
      />
      {invalid && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {min} to {max}
        </p>
      )}
    </div>
  );
}

/**
 * "Match the speaker": on by default, the offline voice speaks at this speaker's measured pitch and
 * pace; the user may put their own values in place of the measures, or turn matching off.
 */
export function SpeakerStyleFields({
  speakerName,
  style,
  onChange,
}: {
  speakerName: string;
  style: SpeakerStyle | undefined;
  onChange: (style: SpeakerStyle) => void;
}) {
  const current: SpeakerStyle = style ?? { match: true };
  const measured = current.measured;
  const checkboxId = useId();
  return (
    <fieldset
      className="mt-2 rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200"
      data-testid="speaker-style"
    >
      <legend className="sr-only">How the voice of {speakerName} follows them</legend>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={current.match}
          onChange={(e) => onChange({ ...current, match: e.target.checked })}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
          Match the speaker
        </label>
      </div>
      <p className="mt-1 text-xs text-slate-500" data-testid="speaker-measured">
        {measured
          ? `Measured: ${Math.round(measured.pitchHz)} Hz, ${measured.syllablesPerSec.toFixed(1)} syllables/s`
          : "Not measured yet: measured from their lines at the next dub."}
      </p>
      <div className="mt-2 flex gap-2">
        <NumberField
          label="Pitch"
          unit="Hz"
          value={current.pitchHz}
          placeholder={measured ? String(Math.round(measured.pitchHz)) : "measured"}
          min={STYLE_PITCH_HZ.min}
          max={STYLE_PITCH_HZ.max}
          step={1}
          disabled={!current.match}
          onCommit={(v) => onChange(withValue(current, "pitchHz", v))}
        />
        <NumberField
          label="Pace"
          unit="syllables/s"
          value={current.syllablesPerSec}
          placeholder={measured ? measured.syllablesPerSec.toFixed(1) : "measured"}
          min={STYLE_PACE.min}
          max={STYLE_PACE.max}
          step={0.1}
          disabled={!current.match}
          onCommit={(v) => onChange(withValue(current, "syllablesPerSec", v))}
        />
      </div>
      {!current.match && (
        <p className="mt-1 text-xs text-slate-500">The voice speaks at its own pitch and pace.</p>
      )}
    </fieldset>
  );
}
