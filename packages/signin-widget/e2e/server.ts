// The browser tests' server, started by Playwright's webServer: the REAL identity server (Fastify plugin on
// in-memory PGlite) sending real mail to an SMTP capture, plus the widget's standalone bundle (built here
// with Vite) and the host pages. `GET /__test/mail?to=` exposes the captured mail to the tests.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { identityServer, migrateIdentity, SmtpMailer } from "@dubbing/identity-server";
import { PGlite } from "@electric-sql/pglite";
import fastifyStatic from "@fastify/static";
import { drizzle } from "drizzle-orm/pglite";
import Fastify from "fastify";
import { build } from "vite";
import { startMailbox } from "./mailbox.ts";
import { startGoogleStandIn } from "./oidc.ts";
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
const google = await startGoogleStandIn(`${origin}/v1/public/oauth/google/callback`);
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
    google: { issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret },
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
await app.listen({ port, host: "127.0.0.1" });

const stop = async () => {
  await app.close();
  await pglite.close();
  await mailbox.close();
  await google.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
