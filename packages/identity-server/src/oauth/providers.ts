// The 19 sign-in providers the widget offers: where each one's endpoints are, what it needs in the
// authorization and token requests, and how its user answer reads. Data and pure functions only; the
// protocol itself is oauth4webapi's (client.ts).

/** Where a provider is reached. `{tenant}` in Microsoft's URLs is the configured tenant. */
export interface Endpoints {
  /** The issuer an ID token must name (OAuth 2.0-only providers: the authorization server's origin). */
  issuer: string;
  authorization: string;
  token: string;
  /** OpenID Connect user info, or the provider's own "who am I" API. */
  userinfo?: string;
  /** A second call for the email and whether it is verified (GitHub, Bitbucket). */
  emails?: string;
  /** The keys an ID token is signed with (OpenID Connect providers). */
  jwks?: string;
}

/** What a sign-in tells us about the person. `emailVerified` only when the provider says so. */
export interface Profile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  givenName: string;
  familyName: string;
  picture: string;
  locale: string;
}

/** Everything the provider said: the ID token's claims, the user answer, the emails answer. */
interface ProviderAnswers {
  claims: Record<string, unknown> | null;
  user: Record<string, unknown> | null;
  emails: unknown;
}

export interface ProviderSpec {
  /** As Stytch names it in answers (`provider_type`). */
  displayType: string;
  /** Sends an ID token the server verifies (signature, issuer, audience, expiry, nonce). */
  openIdConnect: boolean;
  endpoints: Endpoints;
  scopes: string[];
  /** Takes a PKCE code challenge (S256). */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: "client_secret_basic" | "client_secret_post";
  /** Apple answers with a cross-site POST to the callback. */
  responseMode?: "form_post";
  /** Fixed extra parameters of the authorization request. */
  authorizationParams?: Record<string, string>;
  /** TikTok calls the client id `client_key`, in both requests. */
  clientIdParameter?: string;
  /** Scopes are joined with this (TikTok: a comma). */
  scopeSeparator?: string;
  profile(answers: ProviderAnswers): Profile;
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
/** `true` or Apple's `"true"`. */
const yes = (v: unknown): boolean => v === true || v === "true";

/** Fills the defaults; a provider that gives one display name has it split into given and family name. */
function profileOf(p: Partial<Profile> & { subject: string }): Profile {
  if (!p.givenName && !p.familyName && p.name) {
    const [given = "", ...family] = p.name.trim().split(/\s+/);
    p = { ...p, givenName: given, familyName: family.join(" ") };
  }
  return {
    email: null,
    emailVerified: false,
    name: "",
    givenName: "",
    familyName: "",
    picture: "",
    locale: "",
    ...p,
    ...(p.email ? {} : { email: null, emailVerified: false }),
  };
}

/** OpenID Connect standard claims: the ID token's, completed by the user info answer (same subject). */
function standardClaims(
  a: ProviderAnswers,
  verified = (c: Record<string, unknown>) => yes(c.email_verified),
) {
  const token = a.claims ?? {};
  const info = a.user && str(a.user.sub) === str(token.sub) ? a.user : {};
  const c = { ...info, ...token } as Record<string, unknown>;
  if (c.email === undefined) c.email = info.email;
  if (c.email_verified === undefined) c.email_verified = info.email_verified;
  return profileOf({
    subject: str(token.sub) || str(info.sub),
    email: str(c.email) || null,
    emailVerified: verified(c),
    name: str(c.name),
    givenName: str(c.given_name),
    familyName: str(c.family_name),
    picture: str(c.picture),
    locale: str(c.locale),
  });
}

const oidc = (issuer: string, paths: Omit<Endpoints, "issuer">): Endpoints => ({ issuer, ...paths });

export const PROVIDERS = {
  google: {
    displayType: "Google",
    openIdConnect: true,
    endpoints: oidc("https://accounts.google.com", {
      authorization: "https://accounts.google.com/o/oauth2/v2/auth",
      token: "https://oauth2.googleapis.com/token",
      userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
      jwks: "https://www.googleapis.com/oauth2/v3/certs",
    }),
    scopes: ["openid", "email", "profile"],
    pkce: true,
    clientAuth: "client_secret_post",
    profile: (a) => standardClaims(a),
  },
  microsoft: {
    displayType: "Microsoft",
    openIdConnect: true,
    // Multi-tenant (`common`, `organizations`, `consumers`): the ID token names the user's own tenant,
    // so the issuer is checked against this template with the token's `tid` (client.ts).
    endpoints: oidc("https://login.microsoftonline.com/{tenantid}/v2.0", {
      authorization: "https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize",
      token: "https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token",
      userinfo: "https://graph.microsoft.com/oidc/userinfo",
      jwks: "https://login.microsoftonline.com/{tenant}/discovery/v2.0/keys",
    }),
    scopes: ["openid", "email", "profile"],
    pkce: true,
    clientAuth: "client_secret_post",
    // Entra ID does not verify `email`; only its optional `xms_edov` claim says the domain owner did.
    profile: (a) => standardClaims(a, (c) => yes(c.xms_edov)),
  },
  apple: {
    displayType: "Apple",
    openIdConnect: true,
    endpoints: oidc("https://appleid.apple.com", {
      authorization: "https://appleid.apple.com/auth/authorize",
      token: "https://appleid.apple.com/auth/token",
      jwks: "https://appleid.apple.com/auth/keys",
    }),
    scopes: ["name", "email"],
    pkce: false,
    clientAuth: "client_secret_post",
    responseMode: "form_post",
    // The name comes only once, in the form's `user` field (read in methods/oauth.ts).
    profile: (a) => standardClaims(a),
  },
  github: {
    displayType: "Github",
    openIdConnect: false,
    endpoints: {
      issuer: "https://github.com",
      authorization: "https://github.com/login/oauth/authorize",
      token: "https://github.com/login/oauth/access_token",
      userinfo: "https://api.github.com/user",
      emails: "https://api.github.com/user/emails",
    },
    scopes: ["read:user", "user:email"],
    pkce: true,
    clientAuth: "client_secret_post",
    profile: ({ user, emails }) => {
      const u = obj(user);
      const list = Array.isArray(emails) ? emails.map(obj) : [];
      const primary = list.find((e) => e.primary === true) ?? null;
      return profileOf({
        subject: str(u.id),
        email: primary ? str(primary.email) : str(u.email) || null,
        emailVerified: primary?.verified === true,
        name: str(u.name) || str(u.login),
        picture: str(u.avatar_url),
      });
    },
  },
  gitlab: {
    displayType: "Gitlab",
    openIdConnect: true,
    endpoints: oidc("https://gitlab.com", {
      authorization: "https://gitlab.com/oauth/authorize",
      token: "https://gitlab.com/oauth/token",
      userinfo: "https://gitlab.com/oauth/userinfo",
      jwks: "https://gitlab.com/oauth/discovery/keys",
    }),
    scopes: ["openid", "email", "profile"],
    pkce: true,
    clientAuth: "client_secret_post",
    profile: (a) => standardClaims(a),
  },
  facebook: {
    displayType: "Facebook",
    openIdConnect: false,
    endpoints: {
      issuer: "https://www.facebook.com",
      authorization: "https://www.facebook.com/v21.0/dialog/oauth",
      token: "https://graph.facebook.com/v21.0/oauth/access_token",
      userinfo: "https://graph.facebook.com/v21.0/me?fields=id,name,first_name,last_name,email,picture",
    },
    scopes: ["email", "public_profile"],
    pkce: false,
    clientAuth: "client_secret_post",
    // The Graph API gives an email with no word on whether it was confirmed: never treated as verified.
    profile: ({ user }) => {
      const u = obj(user);
      return profileOf({
        subject: str(u.id),
        email: str(u.email) || null,
        name: str(u.name),
        givenName: str(u.first_name),
        familyName: str(u.last_name),
        picture: str(obj(obj(u.picture).data).url),
      });
    },
  },
  discord: {
    displayType: "Discord",
    openIdConnect: false,
    endpoints: {
      issuer: "https://discord.com",
      authorization: "https://discord.com/oauth2/authorize",
      token: "https://discord.com/api/oauth2/token",
      userinfo: "https://discord.com/api/users/@me",
    },
    scopes: ["identify", "email"],
    pkce: true,
    clientAuth: "client_secret_post",
    profile: ({ user }) => {
      const u = obj(user);
      const id = str(u.id);
      return profileOf({
        subject: id,
        email: str(u.email) || null,
        emailVerified: u.verified === true,
        name: str(u.global_name) || str(u.username),
        picture: u.avatar ? `https://cdn.discordapp.com/avatars/${id}/${str(u.avatar)}.png` : "",
        locale: str(u.locale),
      });
    },
  },
  salesforce: {
    displayType: "Salesforce",
    openIdConnect: true,
    endpoints: oidc("https://login.salesforce.com", {
      authorization: "https://login.salesforce.com/services/oauth2/authorize",
      token: "https://login.salesforce.com/services/oauth2/token",
      userinfo: "https://login.salesforce.com/services/oauth2/userinfo",
      jwks: "https://login.salesforce.com/id/keys",
    }),
    scopes: ["openid", "email", "profile"],
    pkce: true,
    clientAuth: "client_secret_post",
    profile: (a) => standardClaims(a),
  },
  slack: {
    displayType: "Slack",
    openIdConnect: true,
    endpoints: oidc("https://slack.com", {
      authorization: "https://slack.com/openid/connect/authorize",
      token: "https://slack.com/api/openid.connect.token",
      userinfo: "https://slack.com/api/openid.connect.userInfo",
      jwks: "https://slack.com/openid/connect/keys",
    }),
    scopes: ["openid", "email", "profile"],
    pkce: false,
    clientAuth: "client_secret_post",
    profile: (a) => standardClaims(a),
  },
  amazon: {
    displayType: "Amazon",
    openIdConnect: false,
    endpoints: {
      issuer: "https://www.amazon.com",
      authorization: "https://www.amazon.com/ap/oa",
      token: "https://api.amazon.com/auth/o2/token",
      userinfo: "https://api.amazon.com/user/profile",
    },
    scopes: ["profile"],
    pkce: true,
    clientAuth: "client_secret_post",
    // Login with Amazon does not say whether the email was confirmed: never treated as verified.
    profile: ({ user }) => {
      const u = obj(user);
      return profileOf({ subject: str(u.user_id), email: str(u.email) || null, name: str(u.name) });
    },
  },
  bitbucket: {
    displayType: "Bitbucket",
    openIdConnect: false,
    endpoints: {
      issuer: "https://bitbucket.org",
      authorization: "https://bitbucket.org/site/oauth2/authorize",
      token: "https://bitbucket.org/site/oauth2/access_token",
      userinfo: "https://api.bitbucket.org/2.0/user",
      emails: "https://api.bitbucket.org/2.0/user/emails",
    },
    scopes: ["account", "email"],
    pkce: false,
    clientAuth: "client_secret_basic",
    profile: ({ user, emails }) => {
      const u = obj(user);
      const list = Array.isArray(obj(emails).values) ? (obj(emails).values as unknown[]).map(obj) : [];
      const primary = list.find((e) => e.is_primary === true) ?? null;
      return profileOf({
        subject: str(u.uuid) || str(u.account_id),
        email: primary ? str(primary.email) : null,
        emailVerified: primary?.is_confirmed === true,
        name: str(u.display_name),
        picture: str(obj(obj(u.links).avatar).href),
      });
    },
  },
  linkedin: {
    displayType: "LinkedIn",
    openIdConnect: true,
    endpoints: oidc("https://www.linkedin.com/oauth", {
      authorization: "https://www.linkedin.com/oauth/v2/authorization",
      token: "https://www.linkedin.com/oauth/v2/accessToken",
      userinfo: "https://api.linkedin.com/v2/userinfo",
      jwks: "https://www.linkedin.com/oauth/openid/jwks",
    }),
    scopes: ["openid", "email", "profile"],
    pkce: false,
    clientAuth: "client_secret_post",
    profile: (a) => standardClaims(a),
  },
  coinbase: {
    displayType: "Coinbase",
    openIdConnect: false,
    endpoints: {
      issuer: "https://login.coinbase.com",
      authorization: "https://login.coinbase.com/oauth2/auth",
      token: "https://login.coinbase.com/oauth2/token",
      userinfo: "https://api.coinbase.com/v2/user",
    },
    scopes: ["wallet:user:read", "wallet:user:email"],
    pkce: false,
    clientAuth: "client_secret_post",
    // No verified flag in the answer: never treated as verified.
    profile: ({ user }) => {
      const u = obj(obj(user).data);
      return profileOf({
        subject: str(u.id),
        email: str(u.email) || null,
        name: str(u.name),
        picture: str(u.avatar_url),
      });
    },
  },
  twitch: {
    displayType: "Twitch",
    openIdConnect: true,
    endpoints: oidc("https://id.twitch.tv/oauth2", {
      authorization: "https://id.twitch.tv/oauth2/authorize",
      token: "https://id.twitch.tv/oauth2/token",
      userinfo: "https://id.twitch.tv/oauth2/userinfo",
      jwks: "https://id.twitch.tv/oauth2/keys",
    }),
    scopes: ["openid", "user:read:email"],
    pkce: false,
    clientAuth: "client_secret_post",
    // Twitch puts the email in the ID token only when the claims are asked for by name.
    authorizationParams: {
      claims: JSON.stringify({
        id_token: { email: null, email_verified: null, picture: null, preferred_username: null },
      }),
    },
    profile: (a) => {
      const p = standardClaims(a);
      return { ...p, name: p.name || str(a.claims?.preferred_username) };
    },
  },
  twitter: {
    displayType: "Twitter",
    openIdConnect: false,
    endpoints: {
      issuer: "https://x.com",
      authorization: "https://x.com/i/oauth2/authorize",
      token: "https://api.x.com/2/oauth2/token",
      userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email",
    },
    // Add `users.email` (OAUTH_TWITTER_SCOPES) if the X app may read the confirmed email.
    scopes: ["users.read", "tweet.read"],
    pkce: true,
    clientAuth: "client_secret_basic",
    profile: ({ user }) => {
      const u = obj(obj(user).data);
      return profileOf({
        subject: str(u.id),
        email: str(u.confirmed_email) || null,
        emailVerified: Boolean(str(u.confirmed_email)), // X answers only a confirmed one
        name: str(u.name) || str(u.username),
        picture: str(u.profile_image_url),
      });
    },
  },
  tiktok: {
    displayType: "TikTok",
    openIdConnect: false,
    endpoints: {
      issuer: "https://www.tiktok.com",
      authorization: "https://www.tiktok.com/v2/auth/authorize/",
      token: "https://open.tiktokapis.com/v2/oauth/token/",
      userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name",
    },
    scopes: ["user.info.basic"],
    pkce: true,
    clientAuth: "client_secret_post",
    clientIdParameter: "client_key",
    scopeSeparator: ",",
    // TikTok shares no email.
    profile: ({ user }) => {
      const u = obj(obj(obj(user).data).user);
      return profileOf({
        subject: str(u.open_id),
        name: str(u.display_name),
        picture: str(u.avatar_url),
      });
    },
  },
  snapchat: {
    displayType: "Snapchat",
    openIdConnect: false,
    endpoints: {
      issuer: "https://accounts.snapchat.com",
      authorization: "https://accounts.snapchat.com/accounts/oauth2/auth",
      token: "https://accounts.snapchat.com/accounts/oauth2/token",
      userinfo: `https://kit.snapchat.com/v1/me?query=${encodeURIComponent("{me{externalId displayName bitmoji{avatar}}}")}`,
    },
    scopes: [
      "https://auth.snapchat.com/oauth2/api/user.external_id",
      "https://auth.snapchat.com/oauth2/api/user.display_name",
      "https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar",
    ],
    pkce: true,
    clientAuth: "client_secret_basic",
    // Snapchat shares no email.
    profile: ({ user }) => {
      const me = obj(obj(obj(user).data).me);
      return profileOf({
        subject: str(me.externalId),
        name: str(me.displayName),
        picture: str(obj(me.bitmoji).avatar),
      });
    },
  },
  figma: {
    displayType: "Figma",
    openIdConnect: false,
    endpoints: {
      issuer: "https://www.figma.com",
      authorization: "https://www.figma.com/oauth",
      token: "https://api.figma.com/v1/oauth/token",
      userinfo: "https://api.figma.com/v1/me",
    },
    scopes: ["current_user:read"],
    pkce: false,
    clientAuth: "client_secret_basic",
    // No verified flag in the answer: never treated as verified.
    profile: ({ user }) => {
      const u = obj(user);
      return profileOf({
        subject: str(u.id),
        email: str(u.email) || null,
        name: str(u.handle),
        picture: str(u.img_url),
      });
    },
  },
  yahoo: {
    displayType: "Yahoo",
    openIdConnect: true,
    endpoints: oidc("https://api.login.yahoo.com", {
      authorization: "https://api.login.yahoo.com/oauth2/request_auth",
      token: "https://api.login.yahoo.com/oauth2/get_token",
      userinfo: "https://api.login.yahoo.com/openid/v1/userinfo",
      jwks: "https://api.login.yahoo.com/openid/v1/certs",
    }),
    scopes: ["openid", "email", "profile"],
    pkce: false,
    clientAuth: "client_secret_basic",
    profile: (a) => standardClaims(a),
  },
} satisfies Record<string, ProviderSpec>;

export type ProviderType = keyof typeof PROVIDERS;

/** Any other OpenID Connect provider, its endpoints discovered from its issuer. */
export const GENERIC_OIDC: Omit<ProviderSpec, "endpoints" | "displayType"> = {
  openIdConnect: true,
  scopes: ["openid", "email", "profile"],
  pkce: true,
  clientAuth: "client_secret_basic",
  profile: (a) => standardClaims(a),
};

export function isProviderType(name: string): name is ProviderType {
  return Object.hasOwn(PROVIDERS, name);
}

/** As Stytch names a provider in answers (`provider_type`): the table's name, else the name capitalised. */
export function displayTypeOf(name: string): string {
  return isProviderType(name) ? PROVIDERS[name].displayType : name.charAt(0).toUpperCase() + name.slice(1);
}
