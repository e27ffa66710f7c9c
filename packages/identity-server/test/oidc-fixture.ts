// A real OpenID Connect provider (oidc-provider) standing in for Google in tests. Its login step is
// automated: the interaction URL logs in the account named in `nextLogin`.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface OidcFixture {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Record<string, { email: string; email_verified: boolean; name: string; picture?: string }>;
  nextLogin: { accountId: string };
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<OidcFixture> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fixture: OidcFixture = {
    issuer,
    clientId: "dubbing-test-client",
    clientSecret: "dubbing-test-client-secret-0123456789",
    accounts: {},
    nextLogin: { accountId: "alice" },
    close: () => new Promise((r) => server.close(() => r())),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: fixture.clientId,
        client_secret: fixture.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "picture"],
    },
    cookies: { keys: ["test-cookie-key-0123456789"] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const a = fixture.accounts[id];
      if (!a) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...a, given_name: a.name }) };
    },
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handler = provider.callback();
  server.on("request", async (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      try {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: fixture.nextLogin.accountId } },
          { mergeWithLastSubmission: false },
        );
      } catch (e) {
        res.statusCode = 500;
        res.end(String(e));
      }
      return;
    }
    handler(req, res);
  });
  return fixture;
}

/** Follows redirects like a browser with a cookie jar, until a URL that `stop` accepts. */
export async function followUntil(start: string, stop: (url: URL) => boolean): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  for (let i = 0; i < 20; i++) {
    if (stop(url)) return url;
    const res = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const loc = res.headers.get("location");
    if (!loc) throw new Error(`no redirect from ${url} (${res.status}): ${(await res.text()).slice(0, 300)}`);
    url = new URL(loc, url);
  }
  throw new Error("too many redirects");
}
