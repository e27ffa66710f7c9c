import { type FormEvent, useId, useMemo, useState } from "react";
import { sendOtp } from "../actions/otp.ts";
import { DEFAULT_PHONE_REGION } from "../constants.ts";
import { useWidget } from "../context.tsx";
import { ERRORS, TEXT } from "../messages.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorText } from "../ui/ErrorText.tsx";
import { countryOptions, formatPhoneInput, parsePhone } from "../validation.ts";

/** The phone field of Main with the country select: 'Continue with text message' or 'with WhatsApp'. */
export function PhoneForm({ channel }: { channel: "sms" | "whatsapp" }) {
  const ctx = useWidget();
  const id = useId();
  const countries = useMemo(countryOptions, []);
  const [region, setRegion] = useState(DEFAULT_PHONE_REGION);
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const e164 = parsePhone(phone, region);
    if (!e164) {
      setError(ERRORS.invalidPhone);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await sendOtp(ctx, channel, e164);
    } catch (err) {
      setError(ctx.reportError(err));
      setSubmitting(false);
    }
  };

  return (
    <form className="dbsw-stack" onSubmit={submit} noValidate>
      <div className="dbsw-field">
        <label className="dbsw-label" htmlFor={id}>
          {TEXT.phoneLabel}
        </label>
        <div className="dbsw-phone">
          <select
            className="dbsw-select"
            aria-label={TEXT.countryLabel}
            autoComplete="tel-country-code"
            value={region}
            onChange={(e) => {
              setRegion(e.target.value);
              setPhone((p) => formatPhoneInput(p, e.target.value));
            }}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {`${c.code} ${c.dial}`}
              </option>
            ))}
          </select>
          <input
            id={id}
            className="dbsw-input dbsw-input--main"
            type="tel"
            name="phone"
            autoComplete="tel-national"
            required
            placeholder={TEXT.phonePlaceholder}
            value={phone}
            onChange={(e) => setPhone(formatPhoneInput(e.target.value, region))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <ErrorText id={`${id}-error`} message={error} />
      </div>
      <Button type="submit" disabled={submitting}>
        {channel === "sms" ? TEXT.continueWithText : TEXT.continueWithWhatsApp}
      </Button>
    </form>
  );
}
