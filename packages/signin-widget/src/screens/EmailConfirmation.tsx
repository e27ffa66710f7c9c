import { EMAIL_SENT_TYPES } from "@dubbing/identity-client";
import { useState } from "react";
import { sendPasswordReset } from "../actions/email.ts";
import { useWidget } from "../context.tsx";
import { mailboxLinks } from "../mailboxes.ts";
import { TEXT } from "../messages.ts";
import { BackButton } from "../ui/BackButton.tsx";
import { Button } from "../ui/Button.tsx";
import { Confirmation } from "../ui/Confirmation.tsx";
import { ErrorText } from "../ui/ErrorText.tsx";
import { GoogleLogo, MicrosoftLogo } from "../ui/icons.tsx";
import { Monogram } from "../ui/ProviderIcon.tsx";

const MAILBOX = {
  gmail: { label: TEXT.gmail, icon: <GoogleLogo size={16} /> },
  yahoo: { label: TEXT.yahoo, icon: <Monogram name="Yahoo" color="#6001d2" /> },
  outlook: { label: TEXT.outlook, icon: <MicrosoftLogo size={16} /> },
};

/** Email Confirmation: 'Check your email', the address, inbox links and 'Try again'. */
export function EmailConfirmation() {
  const ctx = useWidget();
  const { email } = ctx.state.magicLinkState;
  const passwordless =
    ctx.state.passwordState.type === "passwordless" && ctx.state.passwordState.email === email;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // a server whose emails land in its own mailbox names it, not webmail where nothing will arrive
  const mailbox = ctx.config.emailMagicLinksOptions?.mailbox;
  const links = mailbox
    ? []
    : mailboxLinks(email, ctx.config.emailMagicLinksOptions?.domainHint, ctx.bootstrap.emailDomains);

  const tryAgain = () => {
    ctx.client.events.emailTryAgainClicked({ email, type: EMAIL_SENT_TYPES.loginOrCreateEML });
    ctx.dispatch({ type: "tryAgain" });
  };
  const createPassword = async () => {
    setBusy(true);
    try {
      await sendPasswordReset(ctx, email);
      ctx.dispatch({ type: "navigate", screen: "passwordSetNew" });
    } catch (err) {
      setError(ctx.reportError(err));
      setBusy(false);
    }
  };

  return (
    <>
      <BackButton onBack={tryAgain} />
      <Confirmation kind="mail" title={TEXT.checkEmail}>
        <p className="dbsw-text">
          {TEXT.emailSentTo} <span className="dbsw-strong">{email}</span>
        </p>
      </Confirmation>
      <div className="dbsw-stack" style={{ marginTop: 20 }}>
        <div className="dbsw-mailboxes">
          {mailbox && (
            <a className="dbsw-mailbox" href={mailbox.href} target="_blank" rel="noopener noreferrer">
              {mailbox.label}
            </a>
          )}
          {links.map((l) => (
            <a
              key={l.id}
              className="dbsw-mailbox"
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={TEXT.openMailbox(MAILBOX[l.id].label)}
            >
              {MAILBOX[l.id].icon}
              {MAILBOX[l.id].label}
            </a>
          ))}
        </div>
        <Button variant="secondary" onClick={tryAgain}>
          {TEXT.tryAgain}
        </Button>
        {passwordless ? (
          <Button variant="secondary" disabled={busy} onClick={() => void createPassword()}>
            {TEXT.createPasswordInstead}
          </Button>
        ) : null}
        <ErrorText message={error} />
      </div>
    </>
  );
}
