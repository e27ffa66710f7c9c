import { TEXT } from "../messages.ts";
import { Confirmation } from "../ui/Confirmation.tsx";

/** §2 OTP Confirmation. */
export function OTPConfirmation() {
  return (
    <Confirmation kind="success" title={TEXT.otpSuccess}>
      <p className="dbsw-text">{TEXT.otpSuccessText}</p>
    </Confirmation>
  );
}

/** §2 Password Confirmation. */
export function PasswordConfirmation() {
  return <Confirmation kind="success" title={TEXT.passwordSuccess} />;
}

/** §2 Passkey Confirmation. */
export function PasskeyConfirmation() {
  return <Confirmation kind="success" title={TEXT.passkeySuccess} />;
}

/** §2 Crypto Confirmation. */
export function CryptoConfirmation() {
  return <Confirmation kind="success" title={TEXT.cryptoSuccess} />;
}
