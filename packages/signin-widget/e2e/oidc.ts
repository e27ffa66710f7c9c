// A real OpenID Connect provider (oidc-provider) standing in for Google. Its login step is automated: the
// interaction URL logs in `carol` at once, so the browser goes straight back to the identity server.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const GOOGLE_USER = { email: "carol@example.com", email_verified: true, name: "Carol" };

export async function startGoogleStandIn(redirectUri: string) {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "widget-e2e-client";
  const clientSecret = "widget-e2e-client-secret-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name"] },
    cookies: { keys: ["widget-e2e-cookie-key-0123456789"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, ...GOOGLE_USER, given_name: GOOGLE_USER.name }),
      };
    },
    async loadExistingGrant(ctx) {
      const { session, client } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handler = provider.callback();
  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return handler(req, res);
    try {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: "carol" } },
        { mergeWithLastSubmission: false },
      );
    } catch (e) {
      res.statusCode = 500;
      res.end(String(e));
    }
  });
  return { issuer, clientId, clientSecret, close: () => new Promise<void>((r) => server.close(() => r())) };
}
