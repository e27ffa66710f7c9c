// The same plugin on a real PostgreSQL server through node-postgres: migrations (twice, idempotent),
// generated project credentials, a magic-link sign-in, and rate-limit counters shared by two app
// instances (as two processes would share them).
import { drizzle } from "drizzle-orm/node-postgres";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureProject, identityServer, migrateIdentity } from "../src/index.ts";
import { basic, MemoryMailer, tokenFrom } from "./harness.ts";
import { postgresAvailable, startPostgres } from "./postgres-server.ts";

describe.skipIf(!postgresAvailable)("on PostgreSQL with node-postgres", () => {
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let pool: pg.Pool;
  const apps: FastifyInstance[] = [];
  const mailer = new MemoryMailer();
  let publicToken = "";

  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: server.url, max: 5 });
    const db = drizzle(pool);
    await migrateIdentity(db);
    await migrateIdentity(db);
    const input = {
      redirectUrls: ["http://localhost:3000/api/stytch"],
      allowedOrigins: ["http://localhost:3000"],
    };
    const project = await ensureProject(db, input);
    expect(await ensureProject(db, input)).toEqual(project);
    publicToken = project.publicToken;
    for (let i = 0; i < 2; i++) {
      const app = Fastify();
      await app.register(identityServer, {
        db,
        publicUrl: "http://localhost:3000",
        project,
        mailer,
        settings: { pkce: { magicLinks: false, oauth: false, passwordResets: false } },
      });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const a of apps) await a.close();
    await pool?.end();
    server?.stop();
  });

  async function call(i: number, path: string, body: unknown, session?: string) {
    const res = await apps[i]!.inject({
      method: "POST",
      url: `/sdk/v1${path}`,
      headers: {
        authorization: basic(publicToken, session ?? publicToken),
        "content-type": "application/json",
      },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, json: res.json() };
  }

  it("signs in by magic link on one instance and authenticates the session on the other", async () => {
    expect(publicToken).toMatch(/^public-token-live-/);
    await call(0, "/magic_links/email/login_or_create", { email: "pg@example.com" });
    const { token } = tokenFrom(mailer.last("pg@example.com").text);
    const auth = await call(0, "/magic_links/authenticate", { token, session_duration_minutes: 30 });
    expect(auth.status).toBe(200);
    const other = await call(
      1,
      "/sessions/authenticate",
      { session_duration_minutes: 30 },
      auth.json.data.session_token,
    );
    expect(other.status).toBe(200);
    expect(other.json.data.user.emails[0].email).toBe("pg@example.com");
  });

  it("shares rate-limit counters between instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await call(i % 2, "/magic_links/email/login_or_create", { email: "shared@example.com" })).status,
      );
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
