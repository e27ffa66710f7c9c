export type {
  Callbacks,
  OAuthProviderConfig,
  OTPMethod,
  Product,
  SignInConfig,
  WalletOption,
  WidgetEvent,
} from "./config.ts";
export { Products } from "./config.ts";
export * from "./constants.ts";
export { IdentityProvider } from "./IdentityProvider.tsx";
export { ERRORS, TEXT } from "./messages.ts";
export type { MountedWidget } from "./mount.tsx";
export { mount, mountPasskeyRegistration, mountResetPassword } from "./mount.tsx";
export { PasskeyRegistration } from "./PasskeyRegistration.tsx";
export { ResetPassword, type ResetPasswordProps } from "./ResetPassword.tsx";
export { SignIn, type WidgetProps } from "./SignIn.tsx";
export type { Screen, WidgetState } from "./state.ts";
export { DEFAULT_THEME, type Theme } from "./theme.ts";
