import { type ReactNode, useId, useState } from "react";
import { TEXT } from "../messages.ts";
import { ErrorText } from "./ErrorText.tsx";
import { Eye, EyeOff } from "./icons.tsx";

interface Props {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  autoComplete: "new-password" | "current-password";
  error?: string | null | undefined;
  /** Shown under the input (strength meter, checklist); referenced by aria-describedby. */
  hint?: ReactNode;
  name?: string;
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  value,
  onValueChange,
  autoComplete,
  error,
  hint,
  name = "password",
}: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="dbsw-field">
      <label className="dbsw-label" htmlFor={id}>
        {label}
      </label>
      <div className="dbsw-password">
        <input
          id={id}
          name={name}
          className="dbsw-input"
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          value={value}
          required
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button
          type="button"
          className="dbsw-reveal"
          aria-label={visible ? TEXT.hidePassword : TEXT.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff /> : <Eye />}
        </button>
      </div>
      {hint ? <div id={`${id}-hint`}>{hint}</div> : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}
