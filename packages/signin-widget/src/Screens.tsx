import type { ReactNode } from "react";
import { useWidget } from "./context.tsx";
import { Main } from "./main/Main.tsx";
import { CryptoConnect, CryptoSignMessage } from "./screens/crypto/CryptoFlow.tsx";
import { CryptoError, CryptoOther, CryptoSetup } from "./screens/crypto/CryptoScreens.tsx";
import { EmailConfirmation } from "./screens/EmailConfirmation.tsx";
import { OTPAuthenticate } from "./screens/OTPAuthenticate.tsx";
import { PasskeyRegister } from "./screens/passkey/PasskeyRegister.tsx";
import { PasskeyRegistrationSuccess } from "./screens/passkey/PasskeyRegistrationSuccess.tsx";
import { PasswordEmailSent } from "./screens/password/EmailSent.tsx";
import { Password } from "./screens/password/Password.tsx";
import { ResetPasswordForm } from "./screens/password/ResetPasswordForm.tsx";
import {
  CryptoConfirmation,
  OTPConfirmation,
  PasskeyConfirmation,
  PasswordConfirmation,
} from "./screens/simple.tsx";
import type { Screen } from "./state.ts";
import { Watermark } from "./ui/misc.tsx";

const SCREENS: Record<Screen, () => ReactNode> = {
  main: () => <Main />,
  emailConfirmation: () => <EmailConfirmation />,
  otpAuthenticate: () => <OTPAuthenticate />,
  otpConfirmation: () => <OTPConfirmation />,
  password: () => <Password />,
  passwordForgot: () => <PasswordEmailSent kind="forgot" />,
  passwordBreached: () => <PasswordEmailSent kind="breached" />,
  passwordSetNew: () => <PasswordEmailSent kind="setNew" />,
  passwordDedupe: () => <PasswordEmailSent kind="dedupe" />,
  passwordConfirmation: () => <PasswordConfirmation />,
  passwordResetForm: () => <ResetPasswordForm />,
  cryptoConnect: () => <CryptoConnect />,
  cryptoSignMessage: () => <CryptoSignMessage />,
  cryptoOther: () => <CryptoOther />,
  cryptoSetup: () => <CryptoSetup />,
  cryptoConfirmation: () => <CryptoConfirmation />,
  cryptoError: () => <CryptoError />,
  passkeyRegister: () => <PasskeyRegister />,
  passkeyRegistrationSuccess: () => <PasskeyRegistrationSuccess />,
  passkeyConfirmation: () => <PasskeyConfirmation />,
};

/** The current screen (keyed, so each screen starts fresh) and the watermark footer. */
export function Screens({ override }: { override?: ReactNode }) {
  const { state } = useWidget();
  return (
    <>
      <div key={state.screen} data-screen={state.screen}>
        {override ?? SCREENS[state.screen]()}
      </div>
      <Watermark />
    </>
  );
}
