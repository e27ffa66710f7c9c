// The OAuth 2.0 / OpenID Connect client side of a sign-in, on oauth4webapi (docs/decisions/identity-and-sign-in.md "OAuth
// client"): the authorization URL, the code exchange with PKCE and the ID token's checks, and the
// provider's user answers. Everything provider-specific comes from providers.ts.
import { decodeJwt } from "jose";
import * as oauth from "oauth4webapi";
import { IdentityError } from "../errors.ts";
import type { OAuthProviderConfig } from "../options.ts";
import { appleClientSecret } from "./apple-secret.ts";
import {
  displayTypeOf,
  type Endpoints,
  GENERIC_OIDC,
  isProviderType,
  PROVIDERS,
  type Profile,
  type ProviderSpec,
} from "./providers.ts";

/** A configured provider: its spec, its endpoints (built-in, discovered or overridden) and credentials. */
export interface Provider {
  name: string;
  spec: Omit<ProviderSpec, "endpoints">;
  endpoints: Endpoints;
  config: OAuthProviderConfig;
}

interface HttpOptions {
  fetch: typeof fetch;
  now: () => Date;
}

/** The answers of a finished code exchange. */
export interface Exchanged {
  profile: Profile;
  tokens: {
    access_token: string;
    id_token: string;
    refresh_token: string;
    scope: string;
    expires_in?: number;
  };
}

const MICROSOFT_MULTI_TENANT = new Set(["common", "organizations", "consumers"]);

function options(http: HttpOptions, url: string) {
  return {
    [oauth.customFetch]: (url: string, init: { body?: unknown }) => http.fetch(url, init as RequestInit),
    // http:// only for loopback stand-ins (tests, local development); real providers are https.
    [oauth.allowInsecureRequests]: isLoopbackHttp(url),
  };
}

function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
}

const discovered = new Map<string, Promise<oauth.AuthorizationServer>>();

/** Each provider's signing keys, kept between sign-ins (oauth4webapi refreshes them when they age or a kid is new). */
const keySets = new Map<string, oauth.JWKSCacheInput>();
function keySetCache(url: string): oauth.JWKSCacheInput {
  let cache = keySets.get(url);
  if (!cache) {
    cache = {};
    keySets.set(url, cache);
  }
  return cache;
}

/** Resolves a configured provider: built-in endpoints, or those its `issuer` publishes, then overrides. */
export async function resolveProvider(
  name: string,
  config: OAuthProviderConfig,
  http: HttpOptions,
): Promise<Provider> {
  const builtIn = isProviderType(name) ? (PROVIDERS[name] as ProviderSpec) : null;
  let spec: Omit<ProviderSpec, "endpoints"> = builtIn ?? {
    ...GENERIC_OIDC,
    displayType: displayTypeOf(name),
  };
  let endpoints = builtIn ? builtIn.endpoints : null;
  if (config.issuer) {
    const as = await discover(config.issuer, http);
    endpoints = {
      issuer: as.issuer,
      authorization: as.authorization_endpoint!,
      token: as.token_endpoint!,
      userinfo: as.userinfo_endpoint,
      jwks: as.jwks_uri,
    };
    const methods = as.token_endpoint_auth_methods_supported;
    if (methods && !methods.includes(spec.clientAuth)) {
      spec = {
        ...spec,
        clientAuth: methods.includes("client_secret_post") ? "client_secret_post" : "client_secret_basic",
      };
    }
  }
  if (!endpoints) throw new IdentityError("oauth_config_not_found");
  const merged = withTenant({ ...endpoints, ...config.endpoints }, config.tenant ?? "common");
  return { name, spec, endpoints: merged, config };
}

function discover(issuer: string, http: HttpOptions): Promise<oauth.AuthorizationServer> {
  let p = discovered.get(issuer);
  if (!p) {
    const url = new URL(issuer);
    p = oauth
      .discoveryRequest(url, options(http, issuer))
      .then((res) => oauth.processDiscoveryResponse(url, res))
      .catch((err) => {
        discovered.delete(issuer);
        throw new IdentityError("oauth_flow_failed", `OpenID discovery failed (${errorText(err)}).`);
      });
    discovered.set(issuer, p);
  }
  return p;
}

function withTenant(e: Endpoints, tenant: string): Endpoints {
  const fill = (u: string | undefined) => u?.replaceAll("{tenant}", encodeURIComponent(tenant));
  return {
    issuer: e.issuer,
    authorization: fill(e.authorization)!,
    token: fill(e.token)!,
    userinfo: fill(e.userinfo),
    emails: fill(e.emails),
    jwks: fill(e.jwks),
  };
}

/** The provider's authorization URL (pure given its inputs). */
export function authorizationUrl(
  p: Provider,
  args: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string | null;
    extraScopes: string[];
    providerParams: Record<string, string>;
  },
): string {
  const u = new URL(p.endpoints.authorization);
  for (const [k, v] of Object.entries(p.spec.authorizationParams ?? {})) u.searchParams.set(k, v);
  for (const [k, v] of Object.entries(args.providerParams)) u.searchParams.set(k, v);
  u.searchParams.set("response_type", "code");
  u.searchParams.set("client_id", p.config.clientId);
  if (p.spec.clientIdParameter) u.searchParams.set(p.spec.clientIdParameter, p.config.clientId);
  u.searchParams.set("redirect_uri", args.redirectUri);
  const scopes = [...new Set([...p.spec.scopes, ...(p.config.scopes ?? []), ...args.extraScopes])];
  u.searchParams.set("scope", scopes.join(p.spec.scopeSeparator ?? " "));
  u.searchParams.set("state", args.state);
  if (p.spec.openIdConnect) u.searchParams.set("nonce", args.nonce);
  if (p.spec.responseMode) u.searchParams.set("response_mode", p.spec.responseMode);
  if (args.codeChallenge) {
    u.searchParams.set("code_challenge", args.codeChallenge);
    u.searchParams.set("code_challenge_method", "S256");
  }
  return u.toString();
}

/** The code challenge the provider gets, or null when it takes no PKCE. */
export function codeChallengeFor(p: Provider, verifier: string): Promise<string> | null {
  return p.spec.pkce ? oauth.calculatePKCECodeChallenge(verifier) : null;
}

/**
 * Checks the provider's answer at the callback (state, `iss`), exchanges the code (with the verifier and
 * the client's credentials), verifies the ID token, and reads the user answers.
 */
export async function exchangeCode(
  p: Provider,
  http: HttpOptions,
  args: {
    callbackParams: URLSearchParams;
    state: string;
    redirectUri: string;
    verifier: string;
    nonce: string;
  },
): Promise<Exchanged> {
  const client: oauth.Client = { client_id: p.config.clientId, [oauth.clockSkew]: clockSkew(http) };
  let as = authorizationServer(p, p.endpoints.issuer);
  try {
    const params = oauth.validateAuthResponse(as, client, args.callbackParams, args.state);
    const extra: Record<string, string> = {};
    if (p.spec.clientIdParameter) extra[p.spec.clientIdParameter] = p.config.clientId;
    const secret = await clientSecret(p, http);
    const auth =
      p.spec.clientAuth === "client_secret_basic"
        ? oauth.ClientSecretBasic(secret)
        : oauth.ClientSecretPost(secret);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      args.redirectUri,
      p.spec.pkce ? args.verifier : oauth.nopkce,
      { ...options(http, p.endpoints.token), additionalParameters: extra },
    );
    if (p.endpoints.issuer.includes("{tenantid}")) as = await microsoftIssuer(p, response);
    const result = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      response,
      p.spec.openIdConnect ? { expectedNonce: args.nonce, requireIdToken: true } : {},
    );
    let claims: Record<string, unknown> | null = null;
    if (p.spec.openIdConnect) {
      const jwks = p.endpoints.jwks ?? "";
      await oauth.validateApplicationLevelSignature(as, response, {
        ...options(http, jwks),
        [oauth.jwksCache]: keySetCache(jwks),
      });
      claims = { ...oauth.getValidatedIdTokenClaims(result) };
    }
    const user = p.endpoints.userinfo ? await getJson(p.endpoints.userinfo, result.access_token, http) : null;
    const emails = p.endpoints.emails ? await getJson(p.endpoints.emails, result.access_token, http) : null;
    const profile = p.spec.profile({ claims, user, emails });
    if (!profile.subject) throw new Error("the provider named no user");
    return {
      profile,
      tokens: {
        access_token: result.access_token,
        id_token: result.id_token ?? "",
        refresh_token: result.refresh_token ?? "",
        scope: result.scope ?? "",
        expires_in: result.expires_in,
      },
    };
  } catch (err) {
    if (err instanceof IdentityError) throw err;
    throw new IdentityError(
      "oauth_flow_failed",
      `The sign-in with ${p.spec.displayType} failed: ${errorText(err)}.`,
    );
  }
}

function authorizationServer(p: Provider, issuer: string): oauth.AuthorizationServer {
  return {
    issuer,
    authorization_endpoint: p.endpoints.authorization,
    token_endpoint: p.endpoints.token,
    userinfo_endpoint: p.endpoints.userinfo,
    jwks_uri: p.endpoints.jwks,
    // Providers sign with RS256 or ES256 (Apple ES256 is RS256 too; Entra RS256).
    id_token_signing_alg_values_supported: ["RS256", "ES256", "PS256", "EdDSA"],
  };
}

/**
 * Entra ID's multi-tenant issuer names the user's tenant (`tid`). The signature is checked against the
 * tenant-independent keys afterwards; here the expected issuer is filled in, and a single-tenant
 * configuration (a tenant id) also requires that tenant.
 */
async function microsoftIssuer(p: Provider, response: Response): Promise<oauth.AuthorizationServer> {
  const body = (await response.clone().json()) as { id_token?: string };
  const tid = body.id_token ? String(decodeJwt(body.id_token).tid ?? "") : "";
  const tenant = p.config.tenant ?? "common";
  if (!/^[0-9a-f-]{36}$/i.test(tid)) throw new Error("the ID token names no tenant");
  if (!MICROSOFT_MULTI_TENANT.has(tenant) && /^[0-9a-f-]{36}$/i.test(tenant) && tid !== tenant)
    throw new Error("the ID token is from another tenant");
  return authorizationServer(p, p.endpoints.issuer.replace("{tenantid}", tid));
}

async function clientSecret(p: Provider, http: HttpOptions): Promise<string> {
  if (p.config.apple)
    return appleClientSecret({ clientId: p.config.clientId, ...p.config.apple, now: http.now() });
  if (!p.config.clientSecret) throw new IdentityError("oauth_config_not_found");
  return p.config.clientSecret;
}

async function getJson(
  url: string,
  accessToken: string,
  http: HttpOptions,
): Promise<Record<string, unknown>> {
  const res = await oauth.protectedResourceRequest(
    accessToken,
    "GET",
    new URL(url),
    new Headers({ accept: "application/json" }),
    null,
    options(http, url),
  );
  if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** oauth4webapi checks times against the system clock; a server with its own clock (tests) shifts it. */
function clockSkew(http: HttpOptions): number {
  return Math.round((http.now().getTime() - Date.now()) / 1000);
}

function errorText(err: unknown): string {
  if (err instanceof oauth.ResponseBodyError)
    return `${err.error}${err.error_description ? ` (${err.error_description})` : ""}`;
  if (err instanceof oauth.AuthorizationResponseError) return err.error;
  return err instanceof Error ? err.message.replace(/\.$/, "") : String(err);
}
