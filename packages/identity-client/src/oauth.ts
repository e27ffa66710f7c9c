import { applyAuthentication, type ClientContext } from "./context.ts";
import { FALLBACK_MESSAGES } from "./errors.ts";
import type { AuthenticateResponse, RawAuthenticateData, SessionDurationOptions } from "./types.ts";
import { validate } from "./validate.ts";

/** OAuth providers (the value is the path segment of the start URL). */
export const OAUTH_PROVIDERS = [
  "google",
  "microsoft",
  "apple",
  "github",
  "gitlab",
  "facebook",
  "discord",
  "salesforce",
  "slack",
  "amazon",
  "bitbucket",
  "linkedin",
  "coinbase",
  "twitch",
  "twitter",
  "tiktok",
  "snapchat",
  "figma",
  "yahoo",
] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export interface OAuthStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  custom_scopes?: string[];
  /** Extra parameters for the provider, sent as `provider_{key}`. */
  provider_params?: Record<string, string>;
}

/**
 * OAuth start URL: `{base}/v1/public/oauth/{provider}/start?public_token=…&code_challenge=…&
 * custom_scopes=…&provider_*=…&login_redirect_url=…&signup_redirect_url=…`. Absent options are left out;
 * custom scopes are joined by spaces.
 */
export function buildOAuthStartUrl(input: {
  baseUrl: string;
  provider: string;
  publicToken: string;
  codeChallenge?: string | undefined;
  options?: OAuthStartOptions | undefined;
}): string {
  const o = input.options ?? {};
  validate("oauth.start")
    .string("provider", input.provider)
    .optionalStringArray("custom_scopes", o.custom_scopes)
    .optionalObject("provider_params", o.provider_params)
    .optionalString("login_redirect_url", o.login_redirect_url)
    .optionalString("signup_redirect_url", o.signup_redirect_url);
  const base = input.baseUrl.replace(/\/+$/, "");
  const url = new URL(`${base}/v1/public/oauth/${encodeURIComponent(input.provider)}/start`);
  url.searchParams.set("public_token", input.publicToken);
  if (input.codeChallenge) url.searchParams.set("code_challenge", input.codeChallenge);
  if (o.custom_scopes && o.custom_scopes.length > 0)
    url.searchParams.set("custom_scopes", o.custom_scopes.join(" "));
  for (const [key, value] of Object.entries(o.provider_params ?? {})) {
    url.searchParams.set(`provider_${key}`, String(value));
  }
  if (o.login_redirect_url) url.searchParams.set("login_redirect_url", o.login_redirect_url);
  if (o.signup_redirect_url) url.searchParams.set("signup_redirect_url", o.signup_redirect_url);
  return url.toString();
}

export const MISSING_VERIFIER_WARNING =
  "No code verifier found in local storage for OAuth flow.\n" +
  "Consider starting OAuth with client.oauth.start() so the flow uses PKCE for added security.";

type OAuthProviderStarters = {
  [P in OAuthProvider]: { start(options?: OAuthStartOptions): Promise<string> };
};

/** Google One Tap through the identity server: a nonce for Google's prompt, then the credential it gave. */
export interface GoogleOneTapAPI {
  /** A single-use nonce (and the server's Google client id) for `google.accounts.id.initialize`. */
  start(options: { login_redirect_url?: string; signup_redirect_url?: string }): Promise<{
    nonce: string;
    client_id: string;
  }>;
  /** Sends Google's credential; resolves to the URL to go to (the redirect URL with an oauth token). */
  submit(credential: string): Promise<string>;
}

export interface OAuthAPI extends OAuthProviderStarters {
  googleOneTap: GoogleOneTapAPI;
  /** The start URL for a provider; creates and stores a PKCE pair when the project requires PKCE. */
  startUrl(provider: string, options?: OAuthStartOptions): Promise<string>;
  /** Navigates the browser to the start URL (and returns it). */
  start(provider: string, options?: OAuthStartOptions): Promise<string>;
  /** POST /oauth/authenticate with the token from the callback and the stored verifier. */
  authenticate(token: string, options: SessionDurationOptions): Promise<AuthenticateResponse>;
}

export function createOAuthAPI(ctx: ClientContext): OAuthAPI {
  const startUrl = async (provider: string, options?: OAuthStartOptions): Promise<string> => {
    const { pkceRequiredForOAuth, cnameDomain } = await ctx.bootstrap.get();
    let codeChallenge: string | undefined;
    if (pkceRequiredForOAuth) codeChallenge = (await ctx.pkce.oauth.start()).code_challenge;
    else ctx.pkce.oauth.clear();
    const url = buildOAuthStartUrl({
      baseUrl: cnameDomain ? `https://${cnameDomain}` : ctx.apiBaseUrl,
      provider,
      publicToken: ctx.publicToken,
      codeChallenge,
      options,
    });
    ctx.logEvent({
      event_name: "start_oauth_flow",
      details: {
        provider_type: provider,
        custom_scopes: options?.custom_scopes,
        cname_domain: cnameDomain,
        pkce: pkceRequiredForOAuth,
        provider_params: options?.provider_params,
      },
    });
    return url;
  };
  const start = async (provider: string, options?: OAuthStartOptions): Promise<string> => {
    const url = await startUrl(provider, options);
    void ctx.flushEvents(); // keepalive requests outlive the page
    ctx.env.navigate(url);
    return url;
  };
  const starters = Object.fromEntries(
    OAUTH_PROVIDERS.map((p) => [p, { start: (options?: OAuthStartOptions) => start(p, options) }]),
  ) as OAuthProviderStarters;

  const googleOneTap: GoogleOneTapAPI = {
    async start(options) {
      validate("oauth.googleOneTap.start")
        .optionalString("login_redirect_url", options.login_redirect_url)
        .optionalString("signup_redirect_url", options.signup_redirect_url);
      const { pkceRequiredForOAuth } = await ctx.bootstrap.get();
      const code_challenge = pkceRequiredForOAuth ? (await ctx.pkce.oauth.start()).code_challenge : undefined;
      return ctx.http.request<{ nonce: string; client_id: string }>({
        method: "POST",
        path: "/oauth/google/onetap/start",
        body: { ...options, code_challenge },
        errorMessage: FALLBACK_MESSAGES.oauthAuthenticate,
      });
    },
    async submit(credential) {
      validate("oauth.googleOneTap.submit").string("credential", credential);
      const data = await ctx.http.request<{ redirect_url: string }>({
        method: "POST",
        path: "/oauth/google/onetap/submit",
        body: { credential },
        errorMessage: FALLBACK_MESSAGES.oauthAuthenticate,
      });
      return data.redirect_url;
    },
  };

  return {
    ...starters,
    googleOneTap,
    startUrl,
    start,
    async authenticate(token, options) {
      validate("oauth.authenticate")
        .string("token", token)
        .number("session_duration_minutes", options?.session_duration_minutes);
      const pair = ctx.pkce.oauth.get();
      if (!pair) ctx.logger.warn(MISSING_VERIFIER_WARNING);
      const data = await ctx.http.request<RawAuthenticateData>({
        method: "POST",
        path: "/oauth/authenticate",
        body: { token, code_verifier: pair?.code_verifier, ...options },
        errorMessage: FALLBACK_MESSAGES.oauthAuthenticate,
      });
      ctx.pkce.oauth.clear();
      return applyAuthentication(ctx, data);
    },
  };
}
