// A set of radio choices with one sentence each (the dub panel's background and timing choices).
export interface Choice<T extends string> {
  value: T;
  label: string;
  help: string;
}

export function ChoiceField<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="w-full text-sm text-slate-700" disabled={disabled}>
      <legend className="font-medium">{legend}</legend>
      {choices.map((c) => (
        <label key={c.value} className="mt-1 flex items-start gap-2">
          <input
            type="radio"
            name={name}
            value={c.value}
            checked={value === c.value}
            onChange={() => onChange(c.value)}
            className="mt-0.5 size-4 border-slate-300 text-indigo-600"
          />
          <span>
            {c.label}
            <span className="block text-xs text-slate-500">{c.help}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
