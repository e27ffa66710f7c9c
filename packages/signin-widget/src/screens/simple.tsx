import { TEXT } from "../messages.ts";
import { Confirmation } from "../ui/Confirmation.tsx";

/** OTP Confirmation. */
export function OTPConfirmation() {
  return (
    <Confirmation kind="success" title={TEXT.otpSuccess}>
      <p className="dbsw-text">{TEXT.otpSuccessText}</p>
    </Confirmation>
  );
}

/** Password Confirmation. */
export function PasswordConfirmation() {
  return <Confirmation kind="success" title={TEXT.passwordSuccess} />;
}

/** Passkey Confirmation. */
export function PasskeyConfirmation() {
  return <Confirmation kind="success" title={TEXT.passkeySuccess} />;
}

/** Crypto Confirmation. */
export function CryptoConfirmation() {
  return <Confirmation kind="success" title={TEXT.cryptoSuccess} />;
}
