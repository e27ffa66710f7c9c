import { useId, useRef, useState } from "react";
import { OTP_LENGTH } from "../constants.ts";
import { TEXT } from "../messages.ts";

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Called once the code has all 6 digits (it submits itself). */
  onComplete: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * Digits only, at most 6, submits automatically at 6. One real input (so paste, SMS autofill and screen
 * readers work) drawn as six 46 px boxes.
 */
export function OTPInput({ value, onChange, onComplete, disabled, invalid, describedBy }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const digits = value.split("");
  return (
    <div className="dbsw-field">
      <label className="dbsw-label dbsw-sr-only" htmlFor={id}>
        {TEXT.passcodeLabel}
      </label>
      <div className={`dbsw-otp${invalid ? " dbsw-otp--invalid" : ""}`}>
        {Array.from({ length: OTP_LENGTH }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions
            key={i}
            aria-hidden="true"
            className={`dbsw-otp__box${focused && i === Math.min(value.length, OTP_LENGTH - 1) ? " dbsw-otp__box--active" : ""}`}
          >
            {digits[i] ?? ""}
          </div>
        ))}
        <input
          ref={input}
          id={id}
          className="dbsw-otp__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          value={value}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(e) => {
            const next = e.target.value.replace(/\D/g, "").slice(0, OTP_LENGTH);
            onChange(next);
            if (next.length === OTP_LENGTH && next !== value) onComplete(next);
          }}
        />
      </div>
    </div>
  );
}
