import { type InputHTMLAttributes, useId } from "react";
import { ErrorText } from "./ErrorText.tsx";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null | undefined;
  main?: boolean;
};

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function TextField({ label, value, onValueChange, error, main, className, ...rest }: Props) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className="dbsw-field">
      <label className="dbsw-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`dbsw-input${main ? " dbsw-input--main" : ""}${className ? ` ${className}` : ""}`}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        {...rest}
      />
      <ErrorText id={errId} message={error} />
    </div>
  );
}
