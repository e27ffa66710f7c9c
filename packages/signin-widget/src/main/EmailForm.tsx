import { type FormEvent, useState } from "react";
import { sendMagicLink, startPasswordFlow } from "../actions/email.ts";
import { sendOtp } from "../actions/otp.ts";
import { Products, productsOf } from "../config.ts";
import { useWidget } from "../context.tsx";
import { ERRORS, TEXT } from "../messages.ts";
import type { EmailAction } from "../products.ts";
import { Button } from "../ui/Button.tsx";
import { TextField } from "../ui/TextField.tsx";
import { isValidEmail } from "../validation.ts";

/** The email field of Main with 'Continue with email': magic link, email OTP or the password flow. */
export function EmailForm({ action }: { action: EmailAction }) {
  const ctx = useWidget();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passkeys = productsOf(ctx.config).includes(Products.passkeys);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setError(ERRORS.invalidEmailMain);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      if (action === "magicLink") await sendMagicLink(ctx, address);
      else if (action === "emailOtp") await sendOtp(ctx, "email", address);
      else await startPasswordFlow(ctx, address);
    } catch (err) {
      setError(ctx.reportError(err));
      setSubmitting(false);
    }
  };

  return (
    <form className="dbsw-stack" onSubmit={submit} noValidate>
      <TextField
        label={TEXT.emailLabel}
        type="email"
        name="email"
        main
        required
        autoComplete={passkeys ? "username webauthn" : "email"}
        placeholder={TEXT.emailPlaceholder}
        value={email}
        onValueChange={setEmail}
        error={error}
      />
      <Button type="submit" disabled={submitting}>
        {TEXT.continueWithEmail}
      </Button>
    </form>
  );
}
