import { FALLBACK_MESSAGES } from "./errors.ts";
import type { HttpCore } from "./http.ts";
import type { KeyValueStorage } from "./storage.ts";
import { storageKey } from "./storage.ts";

/** The project settings the widget and the client read ("bootstrap project config"). */
export interface BootstrapData {
  displayWatermark: boolean;
  cnameDomain: string | null;
  emailDomains: string[];
  captchaSettings: { enabled: boolean; siteKey?: string };
  pkceRequiredForEmailMagicLinks: boolean;
  pkceRequiredForPasswordResets: boolean;
  pkceRequiredForOAuth: boolean;
  passwordConfig: { ludsComplexity: number; ludsMinimumCount: number } | null;
  runDFPProtectedAuth: boolean;
  rbacPolicy: unknown;
  siweRequiredForCryptoWallets: boolean;
}

/** The raw `data` of GET /projects/bootstrap/{public_token}. */
export interface BootstrapResponse {
  disable_sdk_watermark?: boolean;
  cname_domain?: string | null;
  email_domains?: string[];
  captcha_settings?: { enabled: boolean; site_key?: string; siteKey?: string };
  pkce_required_for_email_magic_links?: boolean;
  pkce_required_for_password_resets?: boolean;
  pkce_required_for_oauth?: boolean;
  password_config?: { luds_complexity: number; luds_minimum_count: number } | null;
  dfp_protected_auth_enabled?: boolean;
  rbac_policy?: unknown;
  siwe_required_for_crypto_wallets?: boolean;
  [key: string]: unknown;
}

/** Used until the bootstrap call answers, and when it fails. */
export function defaultBootstrap(): BootstrapData {
  return {
    displayWatermark: false,
    cnameDomain: null,
    emailDomains: ["stytch.com"],
    captchaSettings: { enabled: false },
    pkceRequiredForEmailMagicLinks: false,
    pkceRequiredForPasswordResets: false,
    pkceRequiredForOAuth: false,
    passwordConfig: null,
    runDFPProtectedAuth: false,
    rbacPolicy: null,
    siweRequiredForCryptoWallets: false,
  };
}

export function mapBootstrap(r: BootstrapResponse): BootstrapData {
  const d = defaultBootstrap();
  const siteKey = r.captcha_settings?.site_key ?? r.captcha_settings?.siteKey;
  return {
    displayWatermark: !r.disable_sdk_watermark,
    cnameDomain: r.cname_domain ?? null,
    emailDomains: Array.isArray(r.email_domains) ? r.email_domains : d.emailDomains,
    captchaSettings: {
      enabled: r.captcha_settings?.enabled === true,
      ...(typeof siteKey === "string" ? { siteKey } : {}),
    },
    pkceRequiredForEmailMagicLinks: r.pkce_required_for_email_magic_links === true,
    pkceRequiredForPasswordResets: r.pkce_required_for_password_resets === true,
    pkceRequiredForOAuth: r.pkce_required_for_oauth === true,
    passwordConfig: r.password_config
      ? {
          ludsComplexity: r.password_config.luds_complexity,
          ludsMinimumCount: r.password_config.luds_minimum_count,
        }
      : null,
    runDFPProtectedAuth: r.dfp_protected_auth_enabled === true,
    rbacPolicy: r.rbac_policy ?? null,
    siweRequiredForCryptoWallets: r.siwe_required_for_crypto_wallets === true,
  };
}

const CACHE_KEY = "bootstrap";

/** Fetches the project settings once (lazily) and caches them in storage for synchronous reads. */
export class BootstrapManager {
  readonly #http: HttpCore;
  readonly #storage: KeyValueStorage;
  readonly #publicToken: string;
  #promise: Promise<BootstrapData> | null = null;

  constructor(http: HttpCore, storage: KeyValueStorage, publicToken: string) {
    this.#http = http;
    this.#storage = storage;
    this.#publicToken = publicToken;
  }

  /** The settings from the last successful fetch (this page or an earlier one), else the defaults. */
  getSync(): BootstrapData {
    const raw = this.#storage.getItem(storageKey(this.#publicToken, CACHE_KEY));
    if (raw) {
      try {
        return { ...defaultBootstrap(), ...(JSON.parse(raw) as Partial<BootstrapData>) };
      } catch {
        // fall through
      }
    }
    return defaultBootstrap();
  }

  /** Fetches once per client; on failure logs the error and resolves to the defaults. */
  get(): Promise<BootstrapData> {
    this.#promise ??= this.#http
      .request<BootstrapResponse>({
        method: "GET",
        path: `/projects/bootstrap/${encodeURIComponent(this.#publicToken)}`,
        errorMessage: `${FALLBACK_MESSAGES.bootstrap} for ${this.#publicToken}`,
      })
      .then((r) => {
        const data = mapBootstrap(r);
        this.#storage.setItem(storageKey(this.#publicToken, CACHE_KEY), JSON.stringify(data));
        return data;
      })
      .catch((err: unknown) => {
        console.error(err);
        return defaultBootstrap();
      });
    return this.#promise;
  }
}
