// The social sign-ins this server offers, read from OAUTH_<PROVIDER>_* variables: each provider the
// widget knows is on when its client id (and secret, or Apple's signing key) is set. Pure.
import { OAUTH_PROVIDERS, type OAuthProviderConfig, type OAuthProviderType } from "@dubbing/identity-server";

export const OAUTH_PROVIDER_TYPES = Object.keys(OAUTH_PROVIDERS) as OAuthProviderType[];

const APPLE_KEY = ["OAUTH_APPLE_TEAM_ID", "OAUTH_APPLE_KEY_ID", "OAUTH_APPLE_PRIVATE_KEY"] as const;

export function oauthProvidersFromEnv(env: Record<string, string | undefined>): {
  providers: Partial<Record<OAuthProviderType, OAuthProviderConfig>>;
  problems: string[];
} {
  const get = (name: string) => env[name]?.trim() || undefined;
  const providers: Partial<Record<OAuthProviderType, OAuthProviderConfig>> = {};
  const problems: string[] = [];
  for (const type of OAUTH_PROVIDER_TYPES) {
    const prefix = `OAUTH_${type.toUpperCase()}_`;
    // GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET / GOOGLE_ISSUER: the names of earlier versions, still read.
    const legacy = (name: string) => (type === "google" ? get(`GOOGLE_${name}`) : undefined);
    const clientId = get(`${prefix}CLIENT_ID`) ?? legacy("CLIENT_ID");
    const clientSecret = get(`${prefix}CLIENT_SECRET`) ?? legacy("CLIENT_SECRET");
    const issuer = get(`${prefix}ISSUER`) ?? legacy("ISSUER");
    const scopes = get(`${prefix}SCOPES`)
      ?.split(/[\s,]+/)
      .filter(Boolean);
    if (!clientId) {
      if (clientSecret) problems.push(`${prefix}CLIENT_ID: ${prefix}CLIENT_SECRET is set without it`);
      continue;
    }
    const config: OAuthProviderConfig = { clientId, ...(scopes && { scopes }) };
    if (issuer && issuer !== "https://accounts.google.com") config.issuer = issuer;
    if (type === "microsoft" && get("OAUTH_MICROSOFT_TENANT")) config.tenant = get("OAUTH_MICROSOFT_TENANT");
    if (type === "apple") {
      const missing = APPLE_KEY.filter((name) => !get(name));
      if (missing.length > 0) {
        problems.push(
          `${missing[0]}: Sign in with Apple needs ${APPLE_KEY.join(", ")} with OAUTH_APPLE_CLIENT_ID`,
        );
        continue;
      }
      config.apple = {
        teamId: get("OAUTH_APPLE_TEAM_ID")!,
        keyId: get("OAUTH_APPLE_KEY_ID")!,
        // A PEM in one line (\n escaped) works as well as the file's text.
        privateKey: get("OAUTH_APPLE_PRIVATE_KEY")!.replace(/\\n/g, "\n"),
      };
    } else if (!clientSecret) {
      problems.push(`${prefix}CLIENT_SECRET: ${prefix}CLIENT_ID is set without it`);
      continue;
    } else {
      config.clientSecret = clientSecret;
    }
    providers[type] = config;
  }
  return { providers, problems };
}
