import type { OAuthProvider } from "@dubbing/identity-client";
import type { Theme } from "./theme.ts";

/** The products. */
export const Products = {
  emailMagicLinks: "emailMagicLinks",
  otp: "otp",
  oauth: "oauth",
  passwords: "passwords",
  crypto: "crypto",
  passkeys: "passkeys",
} as const;
export type Product = (typeof Products)[keyof typeof Products];

export type OTPMethod = "email" | "sms" | "whatsapp";

export interface OAuthProviderConfig {
  type: OAuthProvider;
  /** Google only: show the One Tap prompt instead of (or above) the button. */
  one_tap?: boolean;
  /** One Tap position: inside the widget ("embedded", default) or Google's floating prompt. */
  position?: "embedded" | "floating";
  /** Google only: the OAuth client id One Tap runs with (without it One Tap reports oauth_config_not_found). */
  client_id?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
}

export interface SignInConfig {
  /** Login methods, in display order (default: email magic links). */
  products?: Product[];
  emailMagicLinksOptions?: {
    loginRedirectURL?: string;
    loginExpirationMinutes?: number;
    signupRedirectURL?: string;
    signupExpirationMinutes?: number;
    createUserAsPending?: boolean;
    /** Sender domain for the "Open Gmail/Yahoo/Outlook" links. */
    domainHint?: string;
    /** Where the emails truly land (a self-hosted server's dev mailbox): offered instead of those links. */
    mailbox?: { label: string; href: string };
  };
  otpOptions?: {
    methods: OTPMethod[];
    expirationMinutes?: number;
    loginTemplateId?: string;
    signupTemplateId?: string;
  };
  oauthOptions?: {
    providers: (OAuthProviderConfig | OAuthProvider)[];
    loginRedirectURL?: string;
    signupRedirectURL?: string;
  };
  sessionOptions?: { sessionDurationMinutes?: number };
  passwordOptions?: {
    loginRedirectURL?: string;
    loginExpirationMinutes?: number;
    resetPasswordRedirectURL?: string;
    resetPasswordExpirationMinutes?: number;
    resetPasswordTemplateId?: string;
  };
  /** Wallets offered by the crypto product, in order (default: all). */
  cryptoOptions?: { wallets?: WalletOption[] };
  /** Render inside a shadow root so no CSS leaks in or out. */
  enableShadowDOM?: boolean;
  theme?: Theme;
}

export type WalletOption = "Metamask" | "Phantom" | "Coinbase" | "Binance" | "Vessel" | "Ethereum" | "Solana";

/** What the widget reports to the host. */
export interface WidgetEvent {
  type: string;
  data: unknown;
}

export interface Callbacks {
  onEvent?: (event: WidgetEvent) => void;
  onError?: (error: unknown) => void;
}

/** The OAuth providers of the config, normalised to objects. */
export function oauthProviders(config: SignInConfig): OAuthProviderConfig[] {
  return (config.oauthOptions?.providers ?? []).map((p) => (typeof p === "string" ? { type: p } : p));
}

export function productsOf(config: SignInConfig): Product[] {
  return config.products && config.products.length > 0 ? config.products : [Products.emailMagicLinks];
}

export function otpMethods(config: SignInConfig): OTPMethod[] {
  return productsOf(config).includes(Products.otp) ? (config.otpOptions?.methods ?? []) : [];
}
