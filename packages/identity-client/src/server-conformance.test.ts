// @vitest-environment node
/**
 * Conformance: this client against the real identity server (packages/identity-server) on an in-memory
 * PGlite database, through Fastify's inject (no sockets). The modules are imported by runtime specifiers
 * so this package's type check does not pull in the server's Node-only sources.
 *
 * Starting PGlite and migrating takes 8–15 s, so this file runs only when asked for:
 *   IDENTITY_CONFORMANCE=1 npx vitest run --project identity-client server-conformance
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityClient, type IdentityClient } from "./client.ts";
import { memoryCookieJar } from "./cookies.ts";
import { APIError, APISchemaError, ERROR_CODES } from "./errors.ts";
import type { FetchLike } from "./http.ts";
import { memoryStorage } from "./storage.ts";

interface InjectResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}
interface App {
  register(plugin: unknown, options: unknown): Promise<unknown>;
  ready(): Promise<unknown>;
  inject(req: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }): Promise<InjectResponse>;
  close(): Promise<unknown>;
}
interface Mail {
  to: string;
  text?: string;
  html?: string;
}

const ORIGIN = "http://localhost:3000";
const PROJECT = {
  projectId: "project-test-11111111-1111-4111-8111-111111111111",
  publicToken: "public-token-test-22222222-2222-4222-8222-222222222222",
  secret: "secret-test-3333333333333333333333333333",
  redirectUrls: [`${ORIGIN}/api/stytch`],
  allowedOrigins: [ORIGIN],
  name: "Dubbing",
};

const load = (specifier: string) => import(/* @vite-ignore */ specifier) as Promise<Record<string, unknown>>;

const enabled =
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env
    .IDENTITY_CONFORMANCE === "1";

let app: App;
let pglite: { close(): Promise<unknown> };
const mails: Mail[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const server = await load("@dubbing/identity-server");
  const { PGlite } = (await load("@electric-sql/pglite")) as { PGlite: new () => typeof pglite };
  const { drizzle } = (await load("drizzle-orm/pglite")) as { drizzle: (db: unknown) => unknown };
  const { default: Fastify } = (await load("fastify")) as { default: (o: unknown) => App };
  pglite = new PGlite();
  const db = drizzle(pglite);
  await (server.migrateIdentity as (db: unknown) => Promise<void>)(db);
  app = Fastify({ logger: false });
  await app.register(server.identityServer, {
    db,
    publicUrl: ORIGIN,
    project: PROJECT,
    mailer: { send: async (m: Mail) => void mails.push(m) },
    settings: { pkce: { magicLinks: true, oauth: true, passwordResets: true } },
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await pglite?.close();
});

const viaInject: FetchLike = async (url, init) => {
  const u = new URL(url);
  const headers: Record<string, string> = { origin: ORIGIN };
  new Headers(init.headers).forEach((v, k) => {
    headers[k] = v;
  });
  const r = await app.inject({
    method: init.method ?? "GET",
    url: u.pathname + u.search,
    headers,
    ...(typeof init.body === "string" ? { payload: init.body } : {}),
  });
  const h = new Headers();
  for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) h.set(k, String(v));
  return new Response(r.body, { status: r.statusCode, headers: h });
};

function newClient(): IdentityClient {
  return createIdentityClient({
    publicToken: PROJECT.publicToken,
    baseUrl: ORIGIN,
    fetch: viaInject,
    storage: memoryStorage(),
    cookies: memoryCookieJar(),
    location: { hostname: "localhost", host: "localhost:3000", origin: ORIGIN },
    autoRefresh: false,
  });
}

const lastMailTo = (to: string) => {
  const m = mails.filter((x) => x.to === to).at(-1);
  if (!m) throw new Error(`no mail to ${to}`);
  return `${m.text ?? ""}\n${m.html ?? ""}`;
};

describe.skipIf(!enabled)("against the identity server", () => {
  it("signs in by magic link with PKCE, refreshes, reads the user and logs out", async () => {
    const client = newClient();
    expect((await client.bootstrap.get()).pkceRequiredForEmailMagicLinks).toBe(true);
    await client.magicLinks.email.loginOrCreate("ada@example.com", {
      login_magic_link_url: `${ORIGIN}/api/stytch`,
      signup_magic_link_url: `${ORIGIN}/api/stytch`,
      login_expiration_minutes: 30,
      signup_expiration_minutes: 30,
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec(lastMailTo("ada@example.com"))?.[1];
    expect(token).toBeTruthy();
    const auth = await client.magicLinks.authenticate(token!, { session_duration_minutes: 60 });
    expect(auth.user.emails?.[0]?.email).toBe("ada@example.com");
    expect(client.session.getSync()?.session_id).toBe(auth.session.session_id);
    expect(client.session.getTokens()?.session_jwt.split(".")).toHaveLength(3);

    const refreshed = await client.session.authenticate();
    expect(refreshed.session.session_id).toBe(auth.session.session_id);
    expect((await client.user.get()).user_id).toBe(auth.user.user_id);
    await client.user.update({ untrusted_metadata: { plan: "pro" } });
    expect(client.user.getSync()?.untrusted_metadata).toEqual({ plan: "pro" });

    await client.session.revoke();
    expect(client.session.getSync()).toBeNull();
    const err = (await client.session.authenticate().catch((e) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    client.destroy();
  });

  it("signs in by email passcode and sets a password by session", async () => {
    const client = newClient();
    const sent = await client.otps.email.loginOrCreate("bob@example.com", { expiration_minutes: 5 });
    const code = /\b(\d{6})\b/.exec(lastMailTo("bob@example.com"))?.[1];
    const auth = await client.otps.authenticate(code!, sent.method_id, { session_duration_minutes: 30 });
    expect(auth.session_token).toBeTruthy();
    const reset = await client.passwords.resetBySession({
      password: "correct horse battery staple 42!",
      session_duration_minutes: 30,
    });
    expect(reset.session.session_id).toBeTruthy();
    expect((await client.user.search("bob@example.com")).userType).toBe("password");
    client.destroy();
  });

  it("classifies the server's errors", async () => {
    const client = newClient();
    const wrong = (await client.passwords
      .authenticate({ email: "nobody@example.com", password: "wrong", session_duration_minutes: 30 })
      .catch((e) => e)) as APIError;
    expect(wrong.code).toBe(ERROR_CODES.api);
    expect(wrong.error_type).toBe("unauthorized_credentials");
    expect(wrong.callMessage).toBe("Failed to authenticate password.");
    const schema = await client.otps
      .authenticate("123456", "m", { session_duration_minutes: 1.5 })
      .catch((e) => e);
    expect(schema).toBeInstanceOf(APISchemaError);
    client.destroy();
  });

  it("delivers telemetry batches", async () => {
    const client = newClient();
    client.events.emailSent({ email: "ada@example.com", type: "login_or_create_eml" });
    await expect(client.events.flush()).resolves.toBeUndefined();
    client.destroy();
  });
});
