import type { AppConfig } from "../../api/types.ts";

/** The widget configuration of the login screen: magic link and Google, redirecting to the API callbacks. */
export function signInConfig(config: AppConfig) {
  const base = config.publicUrl.replace(/\/+$/, "");
  return {
    publicToken: config.identity?.publicToken ?? "",
    sdkBaseUrl: config.identity?.sdkBaseUrl ?? "",
    products: ["emailMagicLinks", "oauth"] as const,
    emailMagicLinksOptions: {
      loginRedirectURL: `${base}/api/stytch`,
      signupRedirectURL: `${base}/api/stytch`,
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 30,
    },
    oauthOptions: {
      providers: [{ type: "google" as const }],
      loginRedirectURL: `${base}/api/stytch/google`,
      signupRedirectURL: `${base}/api/stytch/google`,
    },
  };
}
