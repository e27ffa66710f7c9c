import { UI_EVENT_TYPES } from "@dubbing/identity-client";
import { type FormEvent, useState } from "react";
import { sendPasswordReset } from "../../actions/email.ts";
import { useWidget } from "../../context.tsx";
import { errorType } from "../../errors.ts";
import { ERRORS, TEXT } from "../../messages.ts";
import type { Screen } from "../../state.ts";
import { BackButton } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import { ErrorText } from "../../ui/ErrorText.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { StrengthMeter } from "../../ui/StrengthMeter.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { Title } from "../../ui/Title.tsx";
import { useStrengthCheck } from "../../ui/useStrengthCheck.ts";
import { isValidEmail } from "../../validation.ts";

/** Server answers that send a reset email instead of signing in, and the screen they lead to. */
const RESET_SCREENS = new Map<string, Screen>([
  ["reset_password", "passwordDedupe"],
  ["breached_password", "passwordBreached"],
]);

/** Password: create an account ('new') or log in ('password'). */
export function Password() {
  const ctx = useWidget();
  const { passwordState } = ctx.state;
  const creating = passwordState.type === "new";
  const [email, setEmail] = useState(passwordState.email);
  const [password, setPassword] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const strength = useStrengthCheck(creating ? password : "", isValidEmail(email) ? email.trim() : undefined);
  const strongEnough = strength.result?.valid_password === true && !strength.checking;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailError(ERRORS.invalidEmailPassword);
      return;
    }
    setEmailError(null);
    setError(null);
    setSubmitting(true);
    const credentials = { email: address, password, session_duration_minutes: ctx.sessionDurationMinutes };
    try {
      const resp = creating
        ? await ctx.client.passwords.create(credentials)
        : await ctx.client.passwords.authenticate(credentials);
      ctx.emit(creating ? UI_EVENT_TYPES.PasswordCreate : UI_EVENT_TYPES.PasswordAuthenticate, resp);
      ctx.dispatch({ type: "navigate", screen: "passwordConfirmation" });
    } catch (err) {
      const next = RESET_SCREENS.get(errorType(err) ?? "");
      if (next) {
        try {
          await sendPasswordReset(ctx, address);
          ctx.dispatch({ type: "password", password: { email: address }, screen: next });
          return;
        } catch (resetErr) {
          setError(ctx.reportError(resetErr));
        }
      } else setError(ctx.reportError(err));
      setSubmitting(false);
    }
  };

  const forgot = async () => {
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailError(ERRORS.invalidEmailPassword);
      return;
    }
    setSubmitting(true);
    try {
      await sendPasswordReset(ctx, address);
      ctx.dispatch({ type: "password", password: { email: address }, screen: "passwordForgot" });
    } catch (err) {
      setError(ctx.reportError(err));
      setSubmitting(false);
    }
  };

  const hint = creating ? (
    strength.result ? (
      <StrengthMeter result={strength.result} />
    ) : strength.error ? (
      <p className="dbsw-error-text">{strength.error}</p>
    ) : null
  ) : null;

  return (
    <>
      <BackButton />
      <form className="dbsw-stack" onSubmit={submit} noValidate>
        <Title>{creating ? TEXT.createAccount : TEXT.logIn}</Title>
        {creating ? <p className="dbsw-muted">{TEXT.createAccountText}</p> : null}
        <TextField
          label={TEXT.emailLabel}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onValueChange={setEmail}
          error={emailError}
        />
        <PasswordField
          label={TEXT.passwordLabel}
          autoComplete={creating ? "new-password" : "current-password"}
          value={password}
          onValueChange={setPassword}
          hint={hint}
        />
        <ErrorText message={error} />
        <Button type="submit" disabled={submitting || !password || (creating && !strongEnough)}>
          {TEXT.continue}
        </Button>
        {creating ? null : (
          <p className="dbsw-muted" style={{ textAlign: "center" }}>
            <button type="button" className="dbsw-link" disabled={submitting} onClick={() => void forgot()}>
              {TEXT.forgotPasswordLink}
            </button>
          </p>
        )}
      </form>
    </>
  );
}
