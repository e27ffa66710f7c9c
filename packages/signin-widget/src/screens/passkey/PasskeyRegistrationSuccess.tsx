import { UI_EVENT_TYPES, type WebAuthnRegistration } from "@dubbing/identity-client";
import { useCallback, useEffect, useState } from "react";
import { useWidget } from "../../context.tsx";
import { TEXT } from "../../messages.ts";
import { Button } from "../../ui/Button.tsx";
import { Confirmation } from "../../ui/Confirmation.tsx";
import { PasskeyList } from "./PasskeyList.tsx";

/** Passkey Registration Success: the existing passkeys, 'Set up another Passkey' and 'Done'. */
export function PasskeyRegistrationSuccess() {
  const ctx = useWidget();
  const { client } = ctx;
  const [passkeys, setPasskeys] = useState<WebAuthnRegistration[]>(
    () => client.user.getSync()?.webauthn_registrations ?? [],
  );

  const reload = useCallback(() => {
    client.user
      .get()
      .then((u) => setPasskeys(u.webauthn_registrations ?? []))
      .catch(() => undefined);
  }, [client]);
  useEffect(reload, [reload]);
  const [locked, setLocked] = useState(false);

  return (
    <div className="dbsw-stack">
      <Confirmation kind="success" title={TEXT.passkeyCreated} />
      {passkeys.length > 0 ? (
        <>
          <h3 className="dbsw-label" style={{ margin: 0 }}>
            {TEXT.yourPasskeys}
          </h3>
          <PasskeyList passkeys={passkeys} onChanged={reload} onLockChange={setLocked} />
        </>
      ) : null}
      <Button
        variant="secondary"
        disabled={locked}
        onClick={() => ctx.dispatch({ type: "navigate", screen: "passkeyRegister" })}
      >
        {TEXT.setupAnother}
      </Button>
      <Button disabled={locked} onClick={() => ctx.emit(UI_EVENT_TYPES.PasskeyDone, {})}>
        {TEXT.done}
      </Button>
    </div>
  );
}
