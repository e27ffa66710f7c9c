export { backoffDelay, jitter } from "./backoff.ts";
export type { BootstrapData, BootstrapResponse } from "./bootstrap.ts";
export { defaultBootstrap, mapBootstrap } from "./bootstrap.ts";
export type { RecaptchaEnterprise } from "./captcha.ts";
export { bootstrapRecaptchaProvider, createRecaptchaProvider, loadRecaptchaEnterprise } from "./captcha.ts";
export type { IdentityClient, IdentityClientOptions } from "./client.ts";
export { checkPublicToken, createIdentityClient } from "./client.ts";
export type { Clock } from "./clock.ts";
export { systemClock } from "./clock.ts";
export * from "./constants.ts";
export type { Logger } from "./context.ts";
export type { CookieAttributes, CookieJar, CookieOptions } from "./cookies.ts";
export {
  cookieAttributes,
  documentCookieJar,
  isLocalhost,
  memoryCookieJar,
  parseCookies,
  serializeCookie,
} from "./cookies.ts";
export type {
  AuthenticateStartOptions,
  AuthenticateStartResponse,
  CryptoWalletAuthenticateOptions,
  CryptoWalletsAPI,
  EthereumProvider,
  SiweParams,
  SolanaProvider,
} from "./crypto-wallets.ts";
export { WALLET_MESSAGES } from "./crypto-wallets.ts";
export { base64urlToBytes, bytesToBase58, bytesToBase64url } from "./encoding.ts";
export type { APIErrorDetails, ErrorCode, SchemaErrorEntry } from "./errors.ts";
export {
  APIError,
  APISchemaError,
  APIUnreachableError,
  BrowserCapabilityError,
  CaptchaRequiredError,
  ERROR_CODES,
  FALLBACK_MESSAGES,
  IdentityError,
  isUnrecoverableError,
  MESSAGES,
  NoCurrentSessionError,
  SDKUsageError,
  UNRECOVERABLE_ERROR_TYPES,
  WalletError,
} from "./errors.ts";
export type { EmailSentType, EventsAPI } from "./events.ts";
export { EMAIL_SENT_TYPES, EVENT_NAMES, UI_EVENT_TYPES } from "./events.ts";
export type { CaptchaProvider, FetchLike, HttpMethod, SDKRequest } from "./http.ts";
export { readResponse } from "./http.ts";
export type { MagicLinkEmailOptions, MagicLinkSendResponse, MagicLinksAPI } from "./magic-links.ts";
export type { GoogleOneTapAPI, OAuthAPI, OAuthProvider, OAuthStartOptions } from "./oauth.ts";
export { buildOAuthStartUrl, OAUTH_PROVIDERS } from "./oauth.ts";
export type { OTPEmailOptions, OTPSendOptions, OTPSendResponse, OTPsAPI } from "./otps.ts";
export type {
  PasswordCredentials,
  PasswordsAPI,
  ResetByEmailStartOptions,
  StrengthCheckResponse,
} from "./passwords.ts";
export type { PKCECrypto, ProofKeyPair } from "./pkce.ts";
export { challengeFor, createProofKeyPair, verifierFromWords } from "./pkce.ts";
export type { SessionAPI } from "./session.ts";
export type { LocationLike } from "./session-store.ts";
export type { KeyValueStorage } from "./storage.ts";
export { memoryStorage } from "./storage.ts";
export type { BatchedEvent, TelemetryBlob, TelemetryEvent } from "./telemetry.ts";
export type { RecoveryCodesResponse, TOTPCreateResponse, TOTPsAPI } from "./totps.ts";
export type * from "./types.ts";
export type { UserAPI, UserSearchType } from "./user.ts";
export type { WebAuthnAPI, WebAuthnAuthenticateOptions, WebAuthnRegisterOptions } from "./webauthn.ts";
