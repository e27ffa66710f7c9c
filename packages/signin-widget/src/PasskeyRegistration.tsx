import { useState } from "react";
import { useIdentityClient } from "./IdentityProvider.tsx";
import { ERRORS } from "./messages.ts";
import { Widget, type WidgetProps } from "./SignIn.tsx";
import { initialState } from "./state.ts";
import { ErrorText } from "./ui/ErrorText.tsx";

/**
 * Passkey registration (passkey mount mode): starts on 'Set up a new Passkey'. It needs a signed-in user;
 * without one it shows the specified error instead.
 */
export function PasskeyRegistration(props: WidgetProps) {
  const [initial] = useState(() => initialState("passkeyRegister"));
  const client = useIdentityClient(props.client);
  const [signedIn] = useState(() => client.session.getSync() !== null);
  if (!signedIn) return <Widget {...props} initial={initial} body={<NoUser />} />;
  return <Widget {...props} initial={initial} />;
}

function NoUser() {
  return <ErrorText message={ERRORS.passkeyNoUser} />;
}
