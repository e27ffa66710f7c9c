import { UI_EVENT_TYPES } from "@dubbing/identity-client";
import { useEffect, useId, useState } from "react";
import { sendPasswordReset } from "../actions/email.ts";
import { sendOtp } from "../actions/otp.ts";
import { OTP_EXPIRATION_MINUTES } from "../constants.ts";
import { useWidget } from "../context.tsx";
import { errorType } from "../errors.ts";
import { ERRORS, TEXT } from "../messages.ts";
import { BackButton } from "../ui/BackButton.tsx";
import { ErrorText } from "../ui/ErrorText.tsx";
import { OTPInput } from "../ui/OTPInput.tsx";
import { Title } from "../ui/Title.tsx";
import { displayPhone } from "../validation.ts";

/** mm:ss of the time left. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

/** OTP Authenticate: 'Enter passcode', the 6-digit input, the expiry countdown and resend. */
export function OTPAuthenticate() {
  const ctx = useWidget();
  const { otpState, passwordState } = ctx.state;
  const errId = useId();
  const [code, setCode] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = useNow();
  const lifetime = (ctx.config.otpOptions?.expirationMinutes ?? OTP_EXPIRATION_MINUTES) * 60_000;
  // `now` ticks once a second, so right after a resend it can lag behind the new send time.
  const left = Math.min(otpState.sentAt + lifetime - now, lifetime);
  const destination =
    otpState.type === "email" ? otpState.otpDestination : displayPhone(otpState.otpDestination);
  const passwordless = passwordState.type === "passwordless" && otpState.type === "email";

  const submit = async (value: string) => {
    setSubmitting(true);
    setError(null);
    try {
      const resp = await ctx.client.otps.authenticate(value, otpState.methodId, {
        session_duration_minutes: ctx.sessionDurationMinutes,
      });
      ctx.emit(UI_EVENT_TYPES.OTPsAuthenticate, resp);
      ctx.dispatch({ type: "navigate", screen: "otpConfirmation" });
    } catch (err) {
      const text = ctx.reportError(err);
      setError(errorType(err) === "otp_code_not_found" ? ERRORS.invalidPasscode : text);
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setError(null);
    try {
      await sendOtp(ctx, otpState.type, otpState.otpDestination);
      setCode("");
      ctx.toast("success", TEXT.codeResent);
    } catch (err) {
      setError(ctx.reportError(err));
    }
  };

  const createPassword = async () => {
    try {
      await sendPasswordReset(ctx, otpState.otpDestination);
      ctx.dispatch({ type: "navigate", screen: "passwordSetNew" });
    } catch (err) {
      setError(ctx.reportError(err));
    }
  };

  return (
    <>
      <BackButton />
      <div className="dbsw-stack">
        <Title>{TEXT.enterPasscode}</Title>
        <p className="dbsw-text">{TEXT.passcodeSentTo(destination)}</p>
        <OTPInput
          value={code}
          onChange={setCode}
          onComplete={(c) => void submit(c)}
          disabled={submitting}
          invalid={!!error}
          describedBy={error ? errId : undefined}
        />
        <ErrorText id={errId} message={error} />
        <p className="dbsw-muted" aria-live="off">
          {left > 0 ? TEXT.expiresIn(formatCountdown(left)) : TEXT.expired}
        </p>
        <p className="dbsw-muted">
          {TEXT.didntGetIt}{" "}
          <button type="button" className="dbsw-link" onClick={() => void resend()}>
            {TEXT.resendCode}
          </button>
        </p>
        {passwordless ? (
          <p className="dbsw-muted">
            <button type="button" className="dbsw-link" onClick={() => void createPassword()}>
              {TEXT.createPasswordInstead}
            </button>
          </p>
        ) : null}
      </div>
    </>
  );
}
