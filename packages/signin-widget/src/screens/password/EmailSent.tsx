import { useState } from "react";
import { sendPasswordReset } from "../../actions/email.ts";
import { useWidget } from "../../context.tsx";
import { TEXT } from "../../messages.ts";
import { BackButton } from "../../ui/BackButton.tsx";
import { Confirmation } from "../../ui/Confirmation.tsx";
import { ErrorText } from "../../ui/ErrorText.tsx";

type Kind = "forgot" | "breached" | "setNew" | "dedupe";

const COPY: Record<Kind, { title: string; lead?: string; sentTo: string }> = {
  forgot: { title: TEXT.forgotPassword, sentTo: TEXT.resetLinkSentTo },
  breached: { title: TEXT.breachedTitle, sentTo: TEXT.breachedText },
  setNew: { title: TEXT.setNewTitle, sentTo: TEXT.loginLinkSentTo },
  dedupe: { title: TEXT.dedupeTitle, lead: TEXT.dedupeText, sentTo: TEXT.loginLinkSentTo },
};

/** Password Forgot, Breached, Set New and Dedupe: a reset email went out; resend it from here. */
export function PasswordEmailSent({ kind }: { kind: Kind }) {
  const ctx = useWidget();
  const { email } = ctx.state.passwordState;
  const copy = COPY[kind];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendPasswordReset(ctx, email);
      ctx.toast("success", TEXT.emailResent);
    } catch (err) {
      setError(ctx.reportError(err));
    }
    setBusy(false);
  };

  return (
    <>
      <BackButton />
      <Confirmation kind="mail" title={copy.title}>
        {copy.lead ? <p className="dbsw-text">{copy.lead}</p> : null}
        <p className="dbsw-text">
          {copy.sentTo} <span className="dbsw-strong">{email}</span>.
        </p>
        <p className="dbsw-muted">
          {TEXT.didntGetIt}{" "}
          <button type="button" className="dbsw-link" disabled={busy} onClick={() => void resend()}>
            {TEXT.resendEmail}
          </button>
        </p>
        <ErrorText message={error} />
      </Confirmation>
    </>
  );
}
