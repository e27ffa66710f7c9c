import type { OAuthProvider } from "@dubbing/identity-client";
import type { SignInConfig } from "@dubbing/signin-widget";
import type { AppConfig } from "../../api/types.ts";

/** The widget's look, in the app's colours. */
const THEME = {
  fontFamily: "inherit",
  colors: { primary: "#0f172a", secondary: "#475569", success: "#047857", error: "#b91c1c" },
  container: { backgroundColor: "#ffffff", borderColor: "#e2e8f0", borderRadius: "16px", width: "100%" },
  buttons: {
    primary: {
      backgroundColor: "#4f46e5",
      textColor: "#ffffff",
      borderColor: "#4f46e5",
      borderRadius: "8px",
    },
    secondary: {
      backgroundColor: "#ffffff",
      textColor: "#0f172a",
      borderColor: "#cbd5e1",
      borderRadius: "8px",
    },
  },
  inputs: { borderColor: "#cbd5e1", borderRadius: "8px", textColor: "#0f172a", placeholderColor: "#94a3b8" },
};

/**
 * The widget configuration of the login screen: e-mail magic link, and the social sign-ins this server
 * has configured (exactly those, in the widget's order), all redirecting to the API callbacks.
 */
export function signInConfig(config: AppConfig) {
  const base = config.publicUrl.replace(/\/+$/, "");
  const providers = (config.identity?.oauthProviders ?? []) as OAuthProvider[];
  const emailMagicLinksOptions = {
    loginRedirectURL: `${base}/api/stytch`,
    signupRedirectURL: `${base}/api/stytch`,
    loginExpirationMinutes: 30,
    signupExpirationMinutes: 30,
    // no SMTP here: the link is in this server's dev mailbox, not in Gmail, Yahoo or Outlook
    ...(config.identity?.devMailbox && {
      mailbox: { label: "Open this server's dev mailbox", href: `${base}/dev/mailbox` },
    }),
  };
  const widget: SignInConfig =
    providers.length > 0
      ? {
          products: ["emailMagicLinks", "oauth"],
          emailMagicLinksOptions,
          oauthOptions: {
            providers: providers.map((type) => ({ type })),
            // One callback for every provider: it exchanges any oauth token (the spec's Google path).
            loginRedirectURL: `${base}/api/stytch/google`,
            signupRedirectURL: `${base}/api/stytch/google`,
          },
          theme: THEME,
        }
      : { products: ["emailMagicLinks"], emailMagicLinksOptions, theme: THEME };
  return {
    publicToken: config.identity?.publicToken ?? "",
    sdkBaseUrl: (config.identity?.sdkBaseUrl ?? base).replace(/\/+$/, ""),
    widget,
  };
}
