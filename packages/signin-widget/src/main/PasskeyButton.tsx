import { useEffect, useRef, useState } from "react";
import { authenticatePasskey, passkeyAuthMessage } from "../actions/passkey.ts";
import { PASSKEY_AUTOFILL_RETRIES } from "../constants.ts";
import { useWidget } from "../context.tsx";
import { TEXT } from "../messages.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorText } from "../ui/ErrorText.tsx";
import { Key } from "../ui/icons.tsx";

/**
 * 'Continue with Passkey'. While Main is shown, passkeys are also offered in the email field's autofill
 * (conditional mediation, retried up to 5 times); the autofill request is aborted before a modal one starts.
 */
export function PasskeyButton() {
  const ctx = useWidget();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const autofill = useRef<AbortController | null>(null);
  const latest = useRef(ctx);
  latest.current = ctx;

  useEffect(() => {
    let live = true;
    const run = async () => {
      if (!(await latest.current.client.webauthn.browserSupportsAutofill())) return;
      for (let attempt = 0; live && attempt < PASSKEY_AUTOFILL_RETRIES; attempt++) {
        const controller = new AbortController();
        autofill.current = controller;
        try {
          await authenticatePasskey(latest.current, controller.signal);
          return;
        } catch (err) {
          if (controller.signal.aborted) return;
          if (attempt === PASSKEY_AUTOFILL_RETRIES - 1 && live) setError(passkeyAuthMessage(err));
        }
      }
    };
    void run();
    return () => {
      live = false;
      autofill.current?.abort();
    };
  }, []);

  const start = async () => {
    autofill.current?.abort();
    setBusy(true);
    setError(null);
    try {
      await authenticatePasskey(ctx);
    } catch (err) {
      ctx.reportError(err);
      setError(passkeyAuthMessage(err));
      setBusy(false);
    }
  };

  return (
    <div className="dbsw-stack dbsw-stack--tight">
      <Button variant="secondary" icon={<Key />} disabled={busy} onClick={() => void start()}>
        {TEXT.continueWithPasskey}
      </Button>
      <ErrorText message={error} />
    </div>
  );
}
