/** The sign-in specification's named constants that the widget uses. */

/** Magic link expiration default, for login and for signup (minutes). */
export const MAGIC_LINK_EXPIRATION_MINUTES = 30;
/** OTP length. */
export const OTP_LENGTH = 6;
/** OTP expiry default (minutes); the identity server's default, overridden by otpOptions.expirationMinutes. */
export const OTP_EXPIRATION_MINUTES = 10;
/** Session duration default (minutes); overridden by sessionOptions.sessionDurationMinutes. */
export const SESSION_DURATION_MINUTES = 30;
/** Wallet buttons on Main: at most this many slots minus the OAuth providers minus one. */
export const WALLET_SLOTS = 6;
/** Passkey autofill (conditional mediation) retries. */
export const PASSKEY_AUTOFILL_RETRIES = 5;
/** Toasts: at most this many at once. */
export const TOAST_LIMIT = 20;
/** Toast durations (ms); loading toasts stay until dismissed. */
export const TOAST_DURATION_MS = {
  success: 2000,
  error: 4000,
  blank: 4000,
  loading: Number.POSITIVE_INFINITY,
};
/** Password strength meter segments (zxcvbn score 1–4). */
export const STRENGTH_SEGMENTS = 4;
/** The strength check is sent this long after the last keystroke. */
export const STRENGTH_DEBOUNCE_MS = 300;
/** Default phone region. */
export const DEFAULT_PHONE_REGION = "US";

/** Layout sizes. */
export const LAYOUT = {
  containerWidth: "400px",
  containerRadius: "8px",
  buttonHeight: "45px",
  inputHeight: "45px",
  mainEmailInputHeight: "47px",
  otpBox: "46px",
  countrySelectWidth: "80px",
  spinnerDuration: "1.4s",
  oneTapPlaceholderHeight: "47px",
} as const;
