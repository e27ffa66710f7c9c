// The browser tests' server, started by Playwright's webServer: the REAL identity server (Fastify plugin on
// in-memory PGlite) sending real mail to an SMTP capture, plus the widget's standalone bundle (built here
// with Vite) and the host pages. `GET /__test/mail?to=` exposes the captured mail to the tests.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { identityServer, migrateIdentity, SmtpMailer } from "@dubbing/identity-server";
import {
  APPLE_KEY_ID,
  APPLE_TEAM_ID,
  type StandInProvider,
  startOAuthStandIn,
} from "@dubbing/identity-server/testing/oauth-stand-in";
import { PGlite } from "@electric-sql/pglite";
import fastifyStatic from "@fastify/static";
import { drizzle } from "drizzle-orm/pglite";
import Fastify from "fastify";
import { build } from "vite";
import { startMailbox } from "./mailbox.ts";
import { authenticatePage, galleryPage, hostPage, PUBLIC_TOKEN } from "./pages.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, "..");
const outDir = path.join(pkg, "dist", "e2e");
const port = Number(process.env.WIDGET_E2E_PORT ?? 18_290);
const origin = `http://localhost:${port}`;

await build({
  configFile: false,
  root: pkg,
  logLevel: "warn",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir,
    emptyOutDir: true,
    minify: false,
    lib: {
      entry: { widget: path.join(pkg, "src/standalone.ts"), gallery: path.join(here, "gallery.tsx") },
      formats: ["es"],
    },
  },
});

const mailbox = await startMailbox();
// Google, GitHub (plain OAuth 2.0) and Apple (form_post, ES256 client secret) stand-ins; each "logs in"
// its account at once. One Tap's credential is signed with the stand-in's Google key (/__test/google-credential).
const PROVIDERS: StandInProvider[] = ["google", "github", "apple"];
const providers = await startOAuthStandIn({
  redirectUris: PROVIDERS.map((p) => `${origin}/v1/public/oauth/${p}/callback`),
});
providers.signInAs("google", { id: "carol", email: "carol@example.com", emailVerified: true, name: "Carol" });
providers.signInAs("github", { id: "5150", email: "gus@example.com", emailVerified: true, name: "Gus Hub" });
providers.signInAs("apple", {
  id: "001234.apple",
  email: "ana@privaterelay.appleid.com",
  emailVerified: true,
  name: "Ana Apple",
});
const standIn = (p: StandInProvider) => ({ clientId: providers.clientId, endpoints: providers.endpoints(p) });
const pglite = new PGlite();
const db = drizzle(pglite);
await migrateIdentity(db);
const app = Fastify({ logger: false });
await app.register(identityServer, {
  db,
  publicUrl: origin,
  project: {
    projectId: "project-test-0b6f4c2e-2d1a-4c8e-9a41-6f3e2d1c0b9a",
    publicToken: PUBLIC_TOKEN,
    secret: "secret-test-widget-e2e-0123456789abcdef",
    redirectUrls: [`${origin}/authenticate`, `${origin}/reset`],
    allowedOrigins: [origin],
    name: "Dubbing",
  },
  oauthProviders: {
    google: { ...standIn("google"), clientSecret: providers.clientSecret },
    github: { ...standIn("github"), clientSecret: providers.clientSecret },
    apple: {
      ...standIn("apple"),
      apple: { teamId: APPLE_TEAM_ID, keyId: APPLE_KEY_ID, privateKey: providers.applePrivateKey },
    },
  },
  mailer: new SmtpMailer({ url: mailbox.url, from: "Dubbing <login@dubbing.local>" }),
  settings: {
    userSearch: true,
    displayWatermark: true,
    emailDomains: ["dubbing.local"],
    rateLimits: {
      send_per_address_ip: { limit: 100, windowSeconds: 60 },
      send_per_address: { limit: 100, windowSeconds: 60 },
      send_per_ip: { limit: 1000, windowSeconds: 60 },
      auth_per_subject: { limit: 100, windowSeconds: 60 },
      auth_per_ip: { limit: 1000, windowSeconds: 60 },
      search_per_ip: { limit: 1000, windowSeconds: 60 },
      strength_per_ip: { limit: 5000, windowSeconds: 60 },
    },
  },
});
await app.register(fastifyStatic, { root: outDir, prefix: "/build/", decorateReply: false });
const html = (body: string) => (_req: unknown, reply: { type(t: string): { send(b: string): void } }) =>
  reply.type("text/html; charset=utf-8").send(body);
app.get("/", html(hostPage()));
app.get("/leaky", html(hostPage({ leak: true })));
app.get("/reset", html(hostPage({ title: "Reset password" })));
app.get("/authenticate", html(authenticatePage()));
app.get("/gallery", html(galleryPage()));
app.get("/__test/mail", async (req) => {
  const to = (req.query as { to?: string }).to;
  return mailbox.inbox.filter((m) => !to || m.to.includes(to));
});
app.get("/__test/health", async () => ({ ok: true }));
app.get("/__test/google-credential", async (req) => {
  const { nonce } = req.query as { nonce?: string };
  return {
    credential: await providers.googleCredential({
      sub: "hana-g",
      email: "hana@example.com",
      name: "Hana",
      nonce,
    }),
  };
});
await app.listen({ port, host: "127.0.0.1" });

const stop = async () => {
  await app.close();
  await pglite.close();
  await mailbox.close();
  await providers.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
