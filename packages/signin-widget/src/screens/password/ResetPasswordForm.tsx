import { UI_EVENT_TYPES } from "@dubbing/identity-client";
import { type FormEvent, useState } from "react";
import { useWidget } from "../../context.tsx";
import { TEXT } from "../../messages.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorText } from "../../ui/ErrorText.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { StrengthMeter } from "../../ui/StrengthMeter.tsx";
import { Title } from "../../ui/Title.tsx";
import { useStrengthCheck } from "../../ui/useStrengthCheck.ts";

/** Password Reset Form: 'Reset your password' with the token from the email link. */
export function ResetPasswordForm() {
  const ctx = useWidget();
  const { token } = ctx.state.resetPasswordState;
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const strength = useStrengthCheck(password);
  const strongEnough = strength.result?.valid_password === true && !strength.checking;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const resp = await ctx.client.passwords.resetByEmail({
        token,
        password,
        session_duration_minutes: ctx.sessionDurationMinutes,
      });
      ctx.emit(UI_EVENT_TYPES.PasswordResetByEmail, resp);
      ctx.dispatch({ type: "navigate", screen: "passwordConfirmation" });
    } catch (err) {
      setError(ctx.reportError(err));
      setSubmitting(false);
    }
  };

  const hint = strength.result ? (
    <StrengthMeter result={strength.result} />
  ) : strength.error ? (
    <p className="dbsw-error-text">{strength.error}</p>
  ) : null;

  return (
    <form className="dbsw-stack" onSubmit={submit} noValidate>
      <Title>{TEXT.resetTitle}</Title>
      <PasswordField
        label={TEXT.newPasswordLabel}
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        hint={hint}
      />
      <ErrorText message={error} />
      <Button type="submit" disabled={submitting || !strongEnough}>
        {TEXT.continue}
      </Button>
    </form>
  );
}
