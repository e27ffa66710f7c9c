import type { TelemetryEvent } from "./telemetry.ts";

/** Names of the telemetry events ("Events logged"). */
export const EVENT_NAMES = {
  emailSent: "email_sent",
  emailTryAgainClicked: "email_try_again_clicked",
  renderLoginScreen: "render_login_screen",
  passkeySkip: "passkey_skip",
  startOAuthFlow: "start_oauth_flow",
  sdkInstanceInstantiated: "sdk_instance_instantiated",
} as const;

/** The `type` detail of email events: which flow sent the email. */
export const EMAIL_SENT_TYPES = {
  loginOrCreateEML: "login_or_create_eml",
  loginOrCreateOTP: "login_or_create_otp",
  resetPassword: "reset_password",
} as const;
export type EmailSentType = (typeof EMAIL_SENT_TYPES)[keyof typeof EMAIL_SENT_TYPES];

/** Event types a widget reports to the host's onEvent callback (values as in the public SDK). */
export const UI_EVENT_TYPES = {
  MagicLinkLoginOrCreateEvent: "MAGIC_LINK_LOGIN_OR_CREATE",
  OTPsLoginOrCreateEvent: "OTP_LOGIN_OR_CREATE",
  OTPsAuthenticate: "OTP_AUTHENTICATE",
  CryptoWalletAuthenticateStart: "CRYPTO_WALLET_AUTHENTICATE_START",
  CryptoWalletAuthenticate: "CRYPTO_WALLET_AUTHENTICATE",
  PasswordCreate: "PASSWORD_CREATE",
  PasswordAuthenticate: "PASSWORD_AUTHENTICATE",
  PasswordResetByEmailStart: "PASSWORD_RESET_BY_EMAIL_START",
  PasswordResetByEmail: "PASSWORD_RESET_BY_EMAIL",
  PasskeyRegister: "PASSKEY_REGISTER",
  PasskeyAuthenticate: "PASSKEY_AUTHENTICATE",
  PasskeySkip: "PASSKEY_SKIP",
  PasskeyDone: "PASSKEY_DONE",
} as const;

export interface EventsAPI {
  /** Queue any telemetry event; batches go to POST /events. */
  log(
    name: string,
    details?: Record<string, unknown>,
    error?: Omit<TelemetryEvent, "public_token" | "event_name" | "details">,
  ): void;
  /** An email was sent (magic link, OTP or password reset). */
  emailSent(details: { email: string; type: EmailSentType }): void;
  /** "Try again" (or resend) was clicked on an email confirmation screen. */
  emailTryAgainClicked(details: { email: string; type: EmailSentType }): void;
  /** The login screen was rendered with this configuration. */
  renderLoginScreen(options: unknown): void;
  /** The user skipped passkey registration. */
  passkeySkip(): void;
  /** Send queued events now. */
  flush(): Promise<void>;
}

export function createEventsAPI(
  log: (event: Omit<TelemetryEvent, "public_token">) => void,
  flush: () => Promise<void>,
): EventsAPI {
  return {
    log: (event_name, details, error) => log({ event_name, details, ...error }),
    emailSent: (details) => log({ event_name: EVENT_NAMES.emailSent, details }),
    emailTryAgainClicked: (details) => log({ event_name: EVENT_NAMES.emailTryAgainClicked, details }),
    renderLoginScreen: (options) => log({ event_name: EVENT_NAMES.renderLoginScreen, details: { options } }),
    passkeySkip: () => log({ event_name: EVENT_NAMES.passkeySkip, details: {} }),
    flush,
  };
}
