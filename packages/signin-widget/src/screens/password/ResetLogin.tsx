/** Reported to onEvent when the login link of a reset email signed the user in. */
const MAGIC_LINK_AUTHENTICATE = "MAGIC_LINK_AUTHENTICATE";

import { useEffect, useRef, useState } from "react";
import { useWidget } from "../../context.tsx";
import { TEXT } from "../../messages.ts";
import { ErrorText } from "../../ui/ErrorText.tsx";
import { Spinner } from "../../ui/misc.tsx";
import { Title } from "../../ui/Title.tsx";

/** A reset link of token type 'login' shows 'Logging in' with a spinner and authenticates directly. */
export function ResetLogin() {
  const ctx = useWidget();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const latest = useRef(ctx);
  latest.current = ctx;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const c = latest.current;
    c.client.magicLinks
      .authenticate(c.state.resetPasswordState.token, { session_duration_minutes: c.sessionDurationMinutes })
      .then((resp) => {
        latest.current.emit(MAGIC_LINK_AUTHENTICATE, resp);
        latest.current.dispatch({ type: "navigate", screen: "passwordConfirmation" });
      })
      .catch((err: unknown) => setError(latest.current.reportError(err)));
  }, []);

  return (
    <div className="dbsw-center">
      <Title center>{TEXT.loggingIn}</Title>
      {error ? <ErrorText message={error} /> : <Spinner label={TEXT.loggingIn} />}
    </div>
  );
}
