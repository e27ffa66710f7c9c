// The app's browser tests sign in with Google too: the stand-in provider runs as its own process on the
// port after the app's, found by the app through OAUTH_GOOGLE_ISSUER (OpenID discovery).
import { startOAuthStandIn } from "@dubbing/identity-server/testing/oauth-stand-in";

const appPort = Number(process.env.E2E_PORT ?? 18_180);
const redirectUris = ["localhost", "127.0.0.1"].map(
  (host) => `http://${host}:${appPort}/v1/public/oauth/google/callback`,
);
const provider = await startOAuthStandIn({ redirectUris, port: appPort + 1 });
provider.signInAs("google", {
  id: "e2e-gina",
  email: "gina@example.com",
  emailVerified: true,
  name: "Gina Gee",
});

const stop = () => void provider.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
