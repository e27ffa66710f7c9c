import { useState } from "react";
import { useWidget } from "./context.tsx";
import { useIdentityClient } from "./IdentityProvider.tsx";
import { ERRORS } from "./messages.ts";
import { WidgetProvider } from "./Provider.tsx";
import { Screens } from "./Screens.tsx";
import { Shell } from "./Shell.tsx";
import type { WidgetProps } from "./SignIn.tsx";
import { ResetLogin } from "./screens/password/ResetLogin.tsx";
import { initialState } from "./state.ts";
import { ErrorText } from "./ui/ErrorText.tsx";

export interface ResetPasswordProps extends WidgetProps {
  /** The token; default: the `token` query parameter of the page. */
  passwordResetToken?: string;
  /** The token type; default: the `stytch_token_type` query parameter. */
  tokenType?: string;
}

function queryParam(name: string): string | null {
  return new URLSearchParams(globalThis.location?.search ?? "").get(name);
}

/**
 * The password reset form (reset mount mode). A token of type 'login' (the "sign in without a password"
 * link of the reset email) shows 'Logging in' and authenticates directly.
 */
export function ResetPassword({
  client,
  config = {},
  callbacks,
  passwordResetToken,
  tokenType,
}: ResetPasswordProps) {
  const identity = useIdentityClient(client);
  const [start] = useState(() => {
    const token = passwordResetToken ?? queryParam("token") ?? "";
    const type = tokenType ?? queryParam("stytch_token_type") ?? "";
    return {
      token,
      login: type === "login",
      state: initialState("passwordResetForm", { resetPasswordState: { token } }),
    };
  });
  return (
    <Shell theme={config.theme} shadow={config.enableShadowDOM}>
      <WidgetProvider client={identity} config={config} callbacks={callbacks} initial={start.state}>
        {!start.token ? (
          <ErrorText message={ERRORS.missingToken} />
        ) : start.login ? (
          <LoginSwitch />
        ) : (
          <Screens />
        )}
      </WidgetProvider>
    </Shell>
  );
}

/** The 'login' token path: 'Logging in' until the authenticate answer moves the state to the confirmation. */
function LoginSwitch() {
  const { state } = useWidget();
  return state.screen === "passwordResetForm" ? <Screens override={<ResetLogin />} /> : <Screens />;
}
