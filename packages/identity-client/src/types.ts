/** Shapes of the provider's SDK API (wire-compatible with the public Stytch SDK). Loose where the API is. */

export interface ResponseCommon {
  request_id: string;
  status_code: number;
}

export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  name?: string;
  domain?: string;
  user_agent?: string;
  verified?: boolean;
  authenticator_type?: string;
  [key: string]: unknown;
}

export interface User {
  user_id: string;
  emails?: { email_id: string; email: string; verified: boolean }[];
  phone_numbers?: { phone_id: string; phone_number: string; verified: boolean }[];
  webauthn_registrations?: WebAuthnRegistration[];
  totps?: { totp_id: string; verified: boolean }[];
  providers?: { provider_type: string; provider_subject: string; oauth_user_registration_id?: string }[];
  crypto_wallets?: { crypto_wallet_id: string; crypto_wallet_address: string; crypto_wallet_type: string }[];
  name?: { first_name?: string; middle_name?: string; last_name?: string };
  untrusted_metadata?: Record<string, unknown>;
  created_at?: string;
  status?: string;
  password?: { password_id: string; requires_reset: boolean } | null;
  [key: string]: unknown;
}

interface AuthenticationFactor {
  delivery_method: string;
  type: string;
  last_authenticated_at: string;
  [key: string]: unknown;
}

export interface Session {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  authentication_factors: AuthenticationFactor[];
  attributes?: { ip_address: string; user_agent: string };
  custom_claims?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** What every successful authenticate call returns (after `__user` is folded into `user`). */
export interface AuthenticateResponse extends ResponseCommon {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: Session;
  user: User;
  [key: string]: unknown;
}

/** The raw data of an authenticate response: the user may come as `user`, `__user` or both. */
export interface RawAuthenticateData extends ResponseCommon {
  user_id?: string;
  session_token?: string;
  session_jwt?: string;
  session?: Session | null;
  user?: User;
  __user?: User;
  intermediate_session_token?: string;
  [key: string]: unknown;
}

export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}

export interface SessionState {
  session: Session | null;
  user: User | null;
}

export interface SessionDurationOptions {
  session_duration_minutes: number;
}

export type UnsubscribeFunction = () => void;

export type OTPMethod = "sms" | "whatsapp" | "email";
export type CryptoWalletType = "ethereum" | "solana";
