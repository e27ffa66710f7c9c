import type { OTPMethod, WalletOption } from "./config.ts";

/** The screens (the widget moves between them by state, never by URL). */
export type Screen =
  | "main"
  | "emailConfirmation"
  | "otpAuthenticate"
  | "otpConfirmation"
  | "password"
  | "passwordForgot"
  | "passwordBreached"
  | "passwordSetNew"
  | "passwordDedupe"
  | "passwordConfirmation"
  | "passwordResetForm"
  | "cryptoConnect"
  | "cryptoSignMessage"
  | "cryptoOther"
  | "cryptoSetup"
  | "cryptoConfirmation"
  | "cryptoError"
  | "passkeyRegister"
  | "passkeyRegistrationSuccess"
  | "passkeyConfirmation";

type PasswordType = "new" | "password" | "passwordless";

/** The widget state. */
export interface WidgetState {
  screen: Screen;
  magicLinkState: { email: string };
  otpState: { type: OTPMethod; methodId: string; otpDestination: string; sentAt: number };
  cryptoState: { walletAddress: string; walletOption: WalletOption; walletChallenge: string };
  passwordState: { email: string; type: PasswordType };
  resetPasswordState: { token: string };
  errorMessage: string;
}

export function initialState(screen: Screen = "main", overrides: Partial<WidgetState> = {}): WidgetState {
  return {
    screen,
    magicLinkState: { email: "" },
    otpState: { type: "email", methodId: "", otpDestination: "", sentAt: 0 },
    cryptoState: { walletAddress: "", walletOption: "Metamask", walletChallenge: "" },
    passwordState: { email: "", type: "new" },
    resetPasswordState: { token: "" },
    errorMessage: "",
    ...overrides,
  };
}

export type Action =
  | { type: "navigate"; screen: Screen }
  | { type: "magicLinkSent"; email: string }
  | { type: "tryAgain" }
  | { type: "otpSent"; otp: WidgetState["otpState"] }
  | { type: "crypto"; crypto: Partial<WidgetState["cryptoState"]>; screen?: Screen }
  | { type: "password"; password: Partial<WidgetState["passwordState"]>; screen?: Screen }
  | { type: "setError"; message: string }
  | { type: "clearError" };

/** Transitions. Navigating clears the error message. */
export function reducer(state: WidgetState, action: Action): WidgetState {
  switch (action.type) {
    case "navigate":
      return { ...state, screen: action.screen, errorMessage: "" };
    case "magicLinkSent":
      return {
        ...state,
        screen: "emailConfirmation",
        magicLinkState: { email: action.email },
        errorMessage: "",
      };
    case "tryAgain":
      return { ...state, screen: "main", magicLinkState: { email: "" }, errorMessage: "" };
    case "otpSent":
      return { ...state, screen: "otpAuthenticate", otpState: action.otp, errorMessage: "" };
    case "crypto":
      return {
        ...state,
        cryptoState: { ...state.cryptoState, ...action.crypto },
        screen: action.screen ?? state.screen,
        errorMessage: action.screen ? "" : state.errorMessage,
      };
    case "password":
      return {
        ...state,
        passwordState: { ...state.passwordState, ...action.password },
        screen: action.screen ?? state.screen,
        errorMessage: action.screen ? "" : state.errorMessage,
      };
    case "setError":
      return { ...state, errorMessage: action.message };
    case "clearError":
      return { ...state, errorMessage: "" };
  }
}
