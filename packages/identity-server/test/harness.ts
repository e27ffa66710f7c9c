// Test harness: a real Fastify app with the plugin on an in-memory PGlite database.
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import Fastify, { type FastifyInstance } from "fastify";
import { inject } from "vitest";
import type { SmsMessage, SmsSender } from "../src/index.ts";
import {
  type IdentityServerOptions,
  identityServer,
  type Mailer,
  type MailMessage,
  migrateIdentity,
} from "../src/index.ts";

export const PROJECT = {
  projectId: "project-test-11111111-1111-4111-8111-111111111111",
  publicToken: "public-token-test-22222222-2222-4222-8222-222222222222",
  secret: "secret-test-3333333333333333333333333333",
  redirectUrls: ["http://localhost:3000/api/stytch", "http://localhost:3000/authenticate"],
  allowedOrigins: ["http://localhost:3000"],
  name: "Dubbing",
};

/** Keeps what it is given, in order (an in-memory mailbox: the SMTP path has its own test). */
export class MemoryMailer implements Mailer {
  messages: MailMessage[] = [];
  async send(m: MailMessage) {
    this.messages.push(m);
  }
  last(to?: string): MailMessage {
    const list = to ? this.messages.filter((m) => m.to === to) : this.messages;
    const m = list.at(-1);
    if (!m) throw new Error(`no mail${to ? ` to ${to}` : ""}`);
    return m;
  }
}

export class MemorySms implements SmsSender {
  messages: SmsMessage[] = [];
  async send(m: SmsMessage) {
    this.messages.push(m);
  }
}

export interface Harness {
  app: FastifyInstance;
  mailer: MemoryMailer;
  sms: MemorySms;
  pglite: PGlite;
  clock: { now: Date };
  db: ReturnType<typeof drizzle>;
  close(): Promise<void>;
}

/** A fresh in-memory database, copied from the migrated template made by global-setup.ts. */
export async function freshPglite(): Promise<PGlite> {
  const template = inject("identityDbTemplate");
  if (!template) return new PGlite();
  return PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
}

export async function startHarness(extra: Partial<IdentityServerOptions> = {}): Promise<Harness> {
  const pglite = await freshPglite();
  const db = drizzle(pglite);
  await migrateIdentity(db); // a no-op on the template; keeps the harness correct without it
  const mailer = new MemoryMailer();
  const sms = new MemorySms();
  const clock = { now: new Date() };
  const app = Fastify({ logger: false });
  await app.register(identityServer, {
    db,
    publicUrl: "http://localhost:3000",
    project: PROJECT,
    mailer,
    sms,
    clock: () => clock.now,
    ...extra,
  });
  await app.ready();
  return {
    app,
    mailer,
    sms,
    pglite,
    clock,
    db,
    close: async () => {
      await app.close();
      await pglite.close();
    },
  };
}

export function basic(user: string, pass: string): string {
  return `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
}

/** Calls the SDK API as the browser SDK would. */
export async function sdk(
  h: Harness,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  sessionToken?: string,
) {
  const res = await h.app.inject({
    method,
    url: `/sdk/v1${path}`,
    headers: {
      authorization: basic(PROJECT.publicToken, sessionToken ?? PROJECT.publicToken),
      "content-type": "application/json",
      origin: "http://localhost:3000",
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = res.json();
  return { status: res.statusCode, json, data: json.data, headers: res.headers };
}

/** Calls the backend API with the project secret. */
export async function backend(
  h: Harness,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
) {
  const res = await h.app.inject({
    method,
    url: `/v1${path}`,
    headers: { authorization: basic(PROJECT.projectId, PROJECT.secret), "content-type": "application/json" },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

export function pkcePair() {
  const verifier = randomBytes(32).toString("hex");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** The token in the first link of a message. */
export function tokenFrom(text: string): { token: string; type: string; url: URL } {
  const m = text.match(/https?:\/\/\S+/);
  if (!m) throw new Error("no link in message");
  const url = new URL(m[0]);
  return {
    token: url.searchParams.get("token") ?? "",
    type: url.searchParams.get("stytch_token_type") ?? "",
    url,
  };
}

/** Signs a user in by magic link (no PKCE) and returns the authenticate response data. */
export async function signIn(h: Harness, email: string) {
  await sdk(h, "POST", "/magic_links/email/login_or_create", { email });
  const { token } = tokenFrom(h.mailer.last(email).text);
  const r = await sdk(h, "POST", "/magic_links/authenticate", { token, session_duration_minutes: 60 });
  if (r.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(r.json)}`);
  return r.data as { session_token: string; user_id: string; session: { session_id: string } };
}
