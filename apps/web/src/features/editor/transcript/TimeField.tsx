import { useEffect, useId, useState } from "react";
import { formatTime, parseTime } from "./time.ts";

/** A time in milliseconds, typed as `s`, `m:s` or `h:m:s`; negatives become 0. */
export function TimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (ms: number) => void;
}) {
  const [text, setText] = useState(formatTime(value));
  const [invalid, setInvalid] = useState(false);
  const errorId = useId();
  useEffect(() => {
    setText(formatTime(value));
    setInvalid(false);
  }, [value]);
  const commit = () => {
    const ms = parseTime(text);
    if (ms === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(formatTime(ms));
    if (ms !== value) onChange(ms);
  };
  return (
    <span className="inline-flex flex-col">
      <input
        aria-label={label}
        value={text}
        inputMode="decimal"
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
          if (e.key === "Escape") {
            setText(formatTime(value));
            setInvalid(false);
          }
        }}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`w-28 rounded-md border-0 bg-white px-2 py-1 font-mono text-xs tabular-nums shadow-sm ring-1 ring-inset focus:ring-2 focus:outline-none ${
          invalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-indigo-600"
        }`}
      />
      {invalid && (
        <span id={errorId} className="mt-1 text-[11px] text-red-700">
          Use s, m:s or h:m:s
        </span>
      )}
    </span>
  );
}
