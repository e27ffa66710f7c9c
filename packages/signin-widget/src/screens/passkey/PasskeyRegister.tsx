import { UI_EVENT_TYPES } from "@dubbing/identity-client";
import { useState } from "react";
import { passkeyRegisterMessage, registerPasskey } from "../../actions/passkey.ts";
import { useWidget } from "../../context.tsx";
import { TEXT } from "../../messages.ts";
import { Button } from "../../ui/Button.tsx";
import { ErrorText } from "../../ui/ErrorText.tsx";
import { Key } from "../../ui/icons.tsx";
import { Title } from "../../ui/Title.tsx";

/** Register New Passkey: 'Set up a new Passkey' with 'Create a Passkey' and 'Skip'. */
export function PasskeyRegister() {
  const ctx = useWidget();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      await registerPasskey(ctx);
      ctx.dispatch({ type: "navigate", screen: "passkeyRegistrationSuccess" });
    } catch (err) {
      ctx.reportError(err);
      setError(passkeyRegisterMessage(err));
      setBusy(false);
    }
  };
  const skip = () => {
    ctx.client.events.passkeySkip();
    ctx.emit(UI_EVENT_TYPES.PasskeySkip, {});
    ctx.dispatch({ type: "navigate", screen: "passkeyRegistrationSuccess" });
  };

  return (
    <div className="dbsw-stack">
      <div className="dbsw-center">
        <div className="dbsw-badge dbsw-badge--info">
          <Key size={28} />
        </div>
        <Title center>{TEXT.passkeyRegisterTitle}</Title>
        <p className="dbsw-muted">{TEXT.passkeyRegisterText}</p>
      </div>
      <ErrorText message={error} />
      <Button disabled={busy} onClick={() => void create()}>
        {TEXT.createPasskey}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={skip}>
        {TEXT.skip}
      </Button>
    </div>
  );
}
