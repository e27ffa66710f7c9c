// A small OAuth 2.0 / OpenID Connect server standing in for the 19 sign-in providers in tests. Each one
// lives under `/{provider}/…` and behaves as its documentation says: the client authentication it takes,
// PKCE, Apple's form_post answer and ES256 client secret, Microsoft's per-tenant issuer, and each
// provider's own token and user JSON. Its "login" is automatic: the account set with `signInAs`.
// Their rules are written from the providers' documentation, not from oauth/providers.ts (only the names
// are shared), so the two check each other.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, exportPKCS8, generateKeyPair, type JWK, jwtVerify, SignJWT } from "jose";
import { PROVIDERS, type ProviderType } from "../oauth/providers.ts";

/** The widget's 19 providers (the names only: their behaviour here is written from their documentation). */
export const STAND_IN_PROVIDERS = Object.keys(PROVIDERS) as ProviderType[];
export type StandInProvider = ProviderType;

export interface StandInAccount {
  id: string;
  email?: string;
  /** What the provider says about the email (where it says anything). */
  emailVerified?: boolean;
  name?: string;
  picture?: string;
  /** Microsoft: the user's tenant. */
  tenantId?: string;
}

/** Each provider's documented rules, as far as a sign-in touches them. */
interface Rules {
  openIdConnect: boolean;
  /** The only client authentication the token endpoint takes. */
  auth: "basic" | "post";
  /** Refuses an authorization request without an S256 code challenge. */
  pkceRequired?: boolean;
  clientIdParam?: string;
}

const RULES: Record<StandInProvider, Rules> = {
  google: { openIdConnect: true, auth: "post" },
  microsoft: { openIdConnect: true, auth: "post" },
  apple: { openIdConnect: true, auth: "post" },
  github: { openIdConnect: false, auth: "post" },
  gitlab: { openIdConnect: true, auth: "post" },
  facebook: { openIdConnect: false, auth: "post" },
  discord: { openIdConnect: false, auth: "post" },
  salesforce: { openIdConnect: true, auth: "post" },
  slack: { openIdConnect: true, auth: "post" },
  amazon: { openIdConnect: false, auth: "post" },
  bitbucket: { openIdConnect: false, auth: "basic" },
  linkedin: { openIdConnect: true, auth: "post" },
  coinbase: { openIdConnect: false, auth: "post" },
  twitch: { openIdConnect: true, auth: "post" },
  twitter: { openIdConnect: false, auth: "basic", pkceRequired: true },
  tiktok: { openIdConnect: false, auth: "post", clientIdParam: "client_key" },
  snapchat: { openIdConnect: false, auth: "basic" },
  figma: { openIdConnect: false, auth: "basic" },
  yahoo: { openIdConnect: true, auth: "basic" },
};

export const APPLE_TEAM_ID = "TEAMID1234";
export const APPLE_KEY_ID = "KEYID56789";

type Misbehaviour = "wrong-nonce" | "wrong-audience" | "wrong-issuer" | "bad-signature" | "expired";

interface Grant {
  provider: StandInProvider;
  account: StandInAccount;
  redirectUri: string;
  nonce: string | null;
  challenge: string | null;
  emailInIdToken: boolean;
}

export interface OAuthStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Apple's signing key for the client secret (PKCS #8 PEM), as the developer account hands it out. */
  applePrivateKey: string;
  /** The endpoints of one stand-in provider, for `OAuthProviderConfig.endpoints`. */
  endpoints(provider: StandInProvider): Record<string, string>;
  /** The next authorization logs this account in. */
  signInAs(provider: StandInProvider, account: StandInAccount): void;
  /** The next ID token of this provider breaks one rule (tests of the verification). */
  misbehave(provider: StandInProvider, how: Misbehaviour): void;
  /** What the token endpoint last received, by provider (for assertions). */
  lastTokenRequest: Partial<Record<StandInProvider, { form: Record<string, string>; basic: boolean }>>;
  /** A Google ID token as One Tap's script hands it over, signed with the stand-in's Google key. */
  googleCredential(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startOAuthStandIn(opts: {
  redirectUris: string[];
  /** A fixed port (a separate process others must find); a free one by default. */
  port?: number;
}): Promise<OAuthStandIn> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "stand-in-1", alg: "RS256", use: "sig" };
  const apple = await generateKeyPair("ES256", { extractable: true });
  const applePem = await exportPKCS8(apple.privateKey);
  const clientId = "stand-in-client-id";
  const clientSecret = "stand-in-client-secret-0123456789";
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const next = new Map<StandInProvider, StandInAccount>();
  const lastTokenRequest: OAuthStandIn["lastTokenRequest"] = {};
  const misbehaviours = new Map<StandInProvider, Misbehaviour>();
  const stranger = await generateKeyPair("RS256");

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: "server_error", detail: String(err) }));
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const issuerOf = (p: StandInProvider, account?: StandInAccount) =>
    p === "microsoft" ? `${url}/microsoft/${account?.tenantId ?? "{tenantid}"}/v2.0` : `${url}/${p}`;

  function idToken(g: Grant, issuer: string): Promise<string> {
    const bad = misbehaviours.get(g.provider);
    misbehaviours.delete(g.provider);
    const key = bad === "bad-signature" ? stranger.privateKey : privateKey;
    return signIdToken(g, { issuer, url, clientId, kid: jwk.kid!, key }, bad);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? "/", url);
    const [, first = "", ...rest] = u.pathname.split("/");
    const provider = first as StandInProvider;
    if (!(provider in RULES)) return json(res, 404, { error: "not_found" });
    const rules = RULES[provider];
    const path = provider === "microsoft" ? rest.slice(1).join("/") : rest.join("/");
    if (path === "jwks") return json(res, 200, { keys: [jwk] });
    if (path === ".well-known/openid-configuration" && rules.openIdConnect && provider !== "microsoft")
      return json(res, 200, discovery(`${url}/${provider}`, issuerOf(provider), rules));
    if (path === "authorize" && req.method === "GET") return authorize(provider, rules, u, res);
    if (path === "token" && req.method === "POST") return token(provider, rules, req, res);
    if (path === "user" || path === "emails") return user(provider, path, req, res);
    return json(res, 404, { error: "not_found" });
  }

  function authorize(provider: StandInProvider, rules: Rules, u: URL, res: ServerResponse) {
    const q = u.searchParams;
    const client = q.get(rules.clientIdParam ?? "client_id");
    const redirectUri = q.get("redirect_uri") ?? "";
    if (client !== clientId) return json(res, 400, { error: "invalid_client" });
    if (!opts.redirectUris.includes(redirectUri)) return json(res, 400, { error: "invalid_redirect_uri" });
    if (q.get("response_type") !== "code") return json(res, 400, { error: "unsupported_response_type" });
    const challenge = q.get("code_challenge");
    if (challenge && q.get("code_challenge_method") !== "S256")
      return json(res, 400, { error: "invalid_request" });
    if (rules.pkceRequired && !challenge) return json(res, 400, { error: "invalid_request", detail: "PKCE" });
    // Apple answers with form_post whenever name or email is asked for.
    if (provider === "apple" && q.get("response_mode") !== "form_post")
      return json(res, 400, { error: "invalid_request", detail: "response_mode must be form_post" });
    const account = next.get(provider);
    if (!account) return json(res, 400, { error: "access_denied", detail: "no account to sign in" });
    const code = randomBytes(16).toString("hex");
    codes.set(code, {
      provider,
      account,
      redirectUri,
      nonce: q.get("nonce"),
      challenge,
      emailInIdToken: (q.get("claims") ?? "").includes("email"),
    });
    const answer: Record<string, string> = { code, state: q.get("state") ?? "" };
    if (provider === "apple") {
      if (account.name) {
        const [firstName, ...last] = account.name.split(" ");
        answer.user = JSON.stringify({ name: { firstName, lastName: last.join(" ") }, email: account.email });
      }
      return appleFormPost(res, redirectUri, answer);
    }
    const back = new URL(redirectUri);
    for (const [k, v] of Object.entries(answer)) back.searchParams.set(k, v);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function token(provider: StandInProvider, rules: Rules, req: IncomingMessage, res: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const basic = parseBasic(req.headers.authorization);
    lastTokenRequest[provider] = { form, basic: basic !== null };
    const id = basic?.id ?? form[rules.clientIdParam ?? "client_id"];
    const secret = basic?.secret ?? form.client_secret;
    if (rules.auth === "basic" && !basic) return json(res, 401, { error: "invalid_client", detail: "Basic" });
    if (rules.auth === "post" && basic) return json(res, 401, { error: "invalid_client", detail: "post" });
    if (id !== clientId) return json(res, 401, { error: "invalid_client" });
    if (provider === "apple") {
      if (!(await validAppleSecret(secret ?? "", apple.publicKey, clientId)))
        return json(res, 400, { error: "invalid_client" });
    } else if (secret !== clientSecret) return json(res, 401, { error: "invalid_client" });
    if (form.grant_type !== "authorization_code") return json(res, 400, { error: "unsupported_grant_type" });
    const g = codes.get(form.code ?? "");
    codes.delete(form.code ?? "");
    if (!g || g.provider !== provider || g.redirectUri !== form.redirect_uri)
      return json(res, 400, { error: "invalid_grant" });
    if (g.challenge && s256(form.code_verifier ?? "") !== g.challenge)
      return json(res, 400, { error: "invalid_grant", detail: "code_verifier" });
    const access = randomBytes(16).toString("hex");
    accessTokens.set(access, g);
    const signed = rules.openIdConnect ? await idToken(g, issuerOf(provider, g.account)) : null;
    return json(res, 200, tokenAnswer(provider, access, g.account, signed));
  }

  function user(provider: StandInProvider, path: string, req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const g = accessTokens.get(bearer);
    if (!g || g.provider !== provider) return json(res, 401, { error: "invalid_token" });
    const a = g.account;
    if (path === "emails") {
      const rows = a.email ? [{ email: a.email, primary: true, verified: a.emailVerified === true }] : [];
      if (provider === "bitbucket")
        return json(res, 200, {
          values: rows.map((r) => ({ email: r.email, is_primary: r.primary, is_confirmed: r.verified })),
        });
      return json(res, 200, [{ email: `old-${a.id}@example.net`, primary: false, verified: true }, ...rows]);
    }
    return json(res, 200, profileOf(provider, a));
  }

  return {
    url,
    clientId,
    clientSecret,
    applePrivateKey: applePem,
    lastTokenRequest,
    endpoints: (provider) => endpointsOf(url, provider, issuerOf(provider)),
    signInAs(provider, account) {
      next.set(provider, account);
    },
    misbehave(provider, how) {
      misbehaviours.set(provider, how);
    },
    googleCredential: (claims) => googleCredential(claims, clientId, jwk.kid!, privateKey),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The provider's own user JSON for the account (its documented shape). */
function profileOf(provider: StandInProvider, a: StandInAccount): unknown {
  const [given = "", ...family] = (a.name ?? "").split(" ");
  switch (provider) {
    case "github":
      return {
        id: Number(a.id),
        login: `user${a.id}`,
        name: a.name ?? null,
        email: null,
        avatar_url: a.picture ?? "",
      };
    case "facebook":
      return {
        id: a.id,
        name: a.name,
        first_name: given,
        last_name: family.join(" "),
        email: a.email,
        picture: { data: { url: a.picture ?? "" } },
      };
    case "discord":
      return {
        id: a.id,
        username: `user${a.id}`,
        global_name: a.name,
        email: a.email ?? null,
        verified: a.emailVerified === true,
        avatar: null,
      };
    case "amazon":
      return { user_id: a.id, name: a.name, email: a.email };
    case "bitbucket":
      return {
        uuid: a.id,
        display_name: a.name,
        links: { avatar: { href: a.picture ?? "" } },
      };
    case "coinbase":
      return {
        data: { id: a.id, name: a.name, email: a.email, avatar_url: a.picture ?? "" },
      };
    case "twitter":
      return {
        data: {
          id: a.id,
          name: a.name,
          username: `user${a.id}`,
          ...(a.email ? { confirmed_email: a.email } : {}),
        },
      };
    case "tiktok":
      return {
        data: { user: { open_id: a.id, display_name: a.name, avatar_url: a.picture ?? "" } },
        error: { code: "ok" },
      };
    case "snapchat":
      return {
        data: { me: { externalId: a.id, displayName: a.name, bitmoji: { avatar: a.picture ?? "" } } },
      };
    case "figma":
      return { id: a.id, email: a.email, handle: a.name, img_url: a.picture ?? "" };
    default: {
      // OpenID Connect user info.
      const info: Record<string, unknown> = {
        sub: a.id,
        name: a.name,
        given_name: given,
        family_name: family.join(" "),
      };
      if (a.email) Object.assign(info, { email: a.email, email_verified: a.emailVerified === true });
      return info;
    }
  }
}

/** What an OpenID Connect provider publishes about itself (for `OAUTH_<PROVIDER>_ISSUER`). */
function discovery(base: string, issuer: string, rules: Rules) {
  return {
    issuer,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    userinfo_endpoint: `${base}/user`,
    jwks_uri: `${base}/jwks`,
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    token_endpoint_auth_methods_supported: [
      rules.auth === "basic" ? "client_secret_basic" : "client_secret_post",
    ],
  };
}

/** An Apple client secret: an ES256 JWT of the team, for the client, signed with the registered key. */
async function validAppleSecret(secret: string, key: CryptoKey, clientId: string): Promise<boolean> {
  try {
    const { payload, protectedHeader } = await jwtVerify(secret, key, {
      issuer: APPLE_TEAM_ID,
      subject: clientId,
      audience: "https://appleid.apple.com",
      algorithms: ["ES256"],
    });
    return protectedHeader.kid === APPLE_KEY_ID && typeof payload.exp === "number";
  } catch {
    return false;
  }
}

/** Apple's form_post answer: a page that posts the answer to the redirect URI. */
function appleFormPost(res: ServerResponse, redirectUri: string, answer: Record<string, string>) {
  const inputs = Object.entries(answer)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join("");
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><title>Apple</title><form method="post" action="${escapeHtml(redirectUri)}">${inputs}</form><script>document.forms[0].submit()</script>`,
  );
}

function endpointsOf(url: string, provider: StandInProvider, issuer: string): Record<string, string> {
  const base = provider === "microsoft" ? `${url}/microsoft/{tenant}` : `${url}/${provider}`;
  return {
    issuer,
    authorization: `${base}/authorize`,
    token: `${base}/token`,
    userinfo: `${base}/user`,
    jwks: `${base}/jwks`,
    ...(provider === "github" || provider === "bitbucket" ? { emails: `${base}/emails` } : {}),
  };
}

/** The ID token of a grant, breaking one rule when the test asked for it (`misbehave`). */
function signIdToken(
  g: Grant,
  k: { issuer: string; url: string; clientId: string; kid: string; key: CryptoKey },
  bad: Misbehaviour | undefined,
): Promise<string> {
  const a = g.account;
  const claims: Record<string, unknown> = { sub: a.id, name: a.name };
  if (g.nonce) claims.nonce = g.nonce;
  if (a.email && (g.provider !== "twitch" || g.emailInIdToken)) {
    claims.email = a.email;
    if (g.provider === "apple") claims.email_verified = a.emailVerified ? "true" : "false";
    else if (g.provider === "microsoft") claims.xms_edov = a.emailVerified === true;
    else claims.email_verified = a.emailVerified === true;
  }
  if (g.provider === "microsoft") claims.tid = a.tenantId;
  if (a.picture) claims.picture = a.picture;
  if (bad === "wrong-nonce") claims.nonce = "not-the-nonce";
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: k.kid })
    .setIssuer(bad === "wrong-issuer" ? `${k.url}/somebody-else` : k.issuer)
    .setAudience(bad === "wrong-audience" ? "another-client" : k.clientId)
    .setIssuedAt(bad === "expired" ? now - 7200 : now)
    .setExpirationTime(bad === "expired" ? now - 3600 : now + 600)
    .sign(k.key);
}

/** A Google ID token as One Tap's script hands it over. */
function googleCredential(claims: Record<string, unknown>, clientId: string, kid: string, key: CryptoKey) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: "https://accounts.google.com",
    aud: clientId,
    iat: now,
    exp: now + 300,
    email_verified: true,
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", kid })
    .sign(key);
}

/** The token endpoint's JSON: OpenID Connect's with the ID token, or the provider's own shape. */
function tokenAnswer(provider: StandInProvider, access: string, a: StandInAccount, idToken: string | null) {
  const base = { access_token: access, expires_in: 3600, refresh_token: `refresh-${access}` };
  if (idToken) {
    const body = { ...base, token_type: "Bearer", scope: "openid email profile", id_token: idToken };
    return provider === "slack" ? { ok: true, ...body } : body;
  }
  if (provider === "github")
    return { access_token: access, token_type: "bearer", scope: "read:user,user:email" };
  if (provider === "tiktok")
    return { ...base, open_id: a.id, scope: "user.info.basic", token_type: "Bearer" };
  return { ...base, token_type: "bearer" };
}

function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  const m = /^Basic (.+)$/i.exec(header ?? "");
  if (!m) return null;
  const [id = "", secret = ""] = Buffer.from(m[1]!, "base64").toString().split(":");
  return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
