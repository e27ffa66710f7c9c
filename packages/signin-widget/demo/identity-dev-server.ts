// The demo's identity provider: the real identity server on in-memory PGlite, started inside the Vite dev
// server. Mail and texts are printed to the terminal (links and passcodes) instead of being sent.
import type { AddressInfo } from "node:net";
import { identityServer, type Mailer, migrateIdentity, type SmsSender } from "@dubbing/identity-server";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import Fastify from "fastify";
import type { Plugin } from "vite";
import { DEMO_PUBLIC_TOKEN } from "./token.ts";

const printMailer: Mailer = {
  async send(m) {
    console.log(`\n✉  To ${m.to}: ${m.subject}\n${m.text}\n`);
  },
};
const printSms: SmsSender = {
  async send(m) {
    console.log(`\n📱 ${m.channel} to ${m.to}: ${m.body}\n`);
  },
};

export function identityDevServer(origin: string): Plugin {
  let target = "";
  return {
    name: "identity-dev-server",
    async config() {
      const pglite = new PGlite();
      const db = drizzle(pglite);
      await migrateIdentity(db);
      const app = Fastify({ logger: false });
      await app.register(identityServer, {
        db,
        publicUrl: origin,
        project: {
          projectId: "project-test-de300000-0000-4000-8000-000000000001",
          publicToken: DEMO_PUBLIC_TOKEN,
          secret: "secret-test-demo-0123456789abcdef0123",
          redirectUrls: [`${origin}/`, `${origin}/reset`],
          allowedOrigins: [origin],
          name: "Dubbing demo",
        },
        mailer: printMailer,
        sms: printSms,
        settings: { displayWatermark: true },
      });
      await app.listen({ port: 0, host: "127.0.0.1" });
      target = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return {
        server: {
          proxy: {
            "/sdk": { target, changeOrigin: false },
            "/v1": { target, changeOrigin: false },
          },
        },
      };
    },
  };
}
