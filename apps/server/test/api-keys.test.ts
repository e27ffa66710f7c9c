// Personal API keys. Each attack below is closed by one defence in auth/access.ts,
// auth/api-keys.ts or the session triggers; each test fails without it.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, quotaCounters } from "../src/db/schema.ts";
import { quotaWindow } from "../src/usage/quotas.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe.each(MODES)("personal API keys (%s)", (mode) => {
  // Every answer is checked against the API description the server publishes: an undocumented field or status fails.
  const answers = documentedAnswers();
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    await answers.start(ts.baseUrl);
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  async function newKey(cookie: string, scope: "read" | "read+write" = "read+write", name = "CI") {
    const res = await api(ts.baseUrl, cookie, "POST", "/api/account/keys", { name, scope });
    expect(res.status).toBe(201);
    return res.body as { key: { id: string; prefix: string }; secret: string };
  }

  it("is shown once, stored only as a hash, and listed with prefix, scope and times", async () => {
    const alice = await ts.signIn();
    const before = Date.now();
    const { key, secret } = await newKey(alice.cookie, "read", "Nightly import");
    expect(secret).toMatch(/^dub_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const list = await api(ts.baseUrl, alice.cookie, "GET", "/api/account/keys");
    expect(list.status).toBe(200);
    expect(list.body.keys).toHaveLength(1);
    expect(list.body.keys[0]).toMatchObject({ name: "Nightly import", scope: "read", lastUsedAt: null });
    expect(list.text).not.toContain(secret);
    const [row] = await ts.server.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(key.prefix.length));
    // used: the list says when
    expect((await api(ts.baseUrl, null, "GET", "/api/auth/me", undefined, bearer(secret))).body).toEqual({
      id: alice.userId,
      email: expect.any(String),
    });
    const used = await api(ts.baseUrl, alice.cookie, "GET", "/api/account/keys");
    expect(Date.parse(used.body.keys[0].lastUsedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("refuses bad input with a clear error", async () => {
    const alice = await ts.signIn();
    for (const body of [
      { name: "", scope: "read" },
      { name: "x", scope: "admin" },
      { name: "x", scope: "read", expiresAt: "2001-01-01T00:00:00Z" },
      { name: "x", scope: "read", expiresAt: "tomorrow" },
    ]) {
      const res = await api(ts.baseUrl, alice.cookie, "POST", "/api/account/keys", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
  });

  it("works as Bearer on the routes a session can use; a read key only reads", async () => {
    const alice = await ts.signIn();
    const { secret: write } = await newKey(alice.cookie);
    const { secret: read } = await newKey(alice.cookie, "read");
    expect((await api(ts.baseUrl, null, "GET", "/api/video", undefined, bearer(read))).status).toBe(200);
    expect((await api(ts.baseUrl, null, "GET", "/api/storyboard", undefined, bearer(read))).status).toBe(200);
    const glossary = { glossary: [{ term: "Ada", keep: true }] };
    const refused = await api(ts.baseUrl, null, "PUT", "/api/account/glossary", glossary, bearer(read));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    const saved = await api(ts.baseUrl, null, "PUT", "/api/account/glossary", glossary, bearer(write));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it("never manages keys, closes the account or signs out, even with a valid cookie beside it", async () => {
    const alice = await ts.signIn();
    const { key, secret } = await newKey(alice.cookie);
    const attempts: [string, string, unknown][] = [
      ["GET", "/api/account/keys", undefined],
      ["POST", "/api/account/keys", { name: "more", scope: "read+write" }],
      ["DELETE", `/api/account/keys/${key.id}`, undefined],
      ["DELETE", "/api/account", { email: "x@example.com" }],
      ["PUT", "/api/auth/logout", undefined],
      ["PUT", "/api/auth/logout-everywhere", undefined],
    ];
    for (const [method, url, body] of attempts) {
      for (const cookie of [null, alice.cookie]) {
        const res = await api(ts.baseUrl, cookie, method, url, body, bearer(secret));
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/account/keys")).body.keys).toHaveLength(1);
  });

  it("is only ever read from the Authorization header, never as a cookie or a query parameter", async () => {
    const alice = await ts.signIn();
    const { secret } = await newKey(alice.cookie);
    const asCookie = await api(ts.baseUrl, `dub_session=${secret}`, "GET", "/api/video");
    expect(asCookie.status).toBe(401);
    const inQuery = await api(ts.baseUrl, null, "GET", `/api/video?api_key=${secret}&access_token=${secret}`);
    expect(inQuery.status).toBe(401);
    // nor is a session token taken as a key
    const token = alice.cookie.split("=")[1]!;
    expect((await api(ts.baseUrl, null, "GET", "/api/video", undefined, bearer(token))).status).toBe(401);
    // a malformed header is refused, not ignored in favour of the cookie
    const basic = await api(ts.baseUrl, alice.cookie, "GET", "/api/video", undefined, {
      authorization: `Basic ${secret}`,
    });
    expect(basic.status).toBe(401);
  });

  it("answers 401 at once when revoked or expired, and another user cannot revoke it", async () => {
    const alice = await ts.signIn();
    const bob = await ts.signIn();
    const { key, secret } = await newKey(alice.cookie);
    const { key: second, secret: secondSecret } = await newKey(alice.cookie);
    const me = () => api(ts.baseUrl, null, "GET", "/api/auth/me", undefined, bearer(secret));
    expect((await me()).status).toBe(200);
    const stolen = await api(ts.baseUrl, bob.cookie, "DELETE", `/api/account/keys/${key.id}`);
    expect(stolen.status).toBe(404);
    expect((await api(ts.baseUrl, bob.cookie, "DELETE", "/api/account/keys/not-a-uuid")).status).toBe(404);
    expect((await me()).status).toBe(200);
    expect((await api(ts.baseUrl, alice.cookie, "DELETE", `/api/account/keys/${key.id}`)).status).toBe(204);
    const revoked = await me();
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe("unauthorized");
    // expiry reached (set in the past behind the server's back): refused once the database's change
    // notification has reached the process's key cache (at once in PGlite; over PostgreSQL's listening
    // connection a moment later)
    const other = () => api(ts.baseUrl, null, "GET", "/api/auth/me", undefined, bearer(secondSecret));
    expect((await other()).status).toBe(200);
    await ts.server.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, second.id));
    await eventually("the expired key refused", async () => (await other()).status === 401, 10_000);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/account/keys")).body.keys).toEqual([]);
  });

  it("counts against the user's limits like a session does", async () => {
    const alice = await ts.signIn();
    const { secret } = await newKey(alice.cookie);
    // the hour's image searches used up by the session
    await ts.server.database.db.insert(quotaCounters).values({
      userId: alice.userId,
      kind: "imageSearches",
      window: quotaWindow("imageSearches", new Date()),
      count: 60,
    });
    const res = await api(
      ts.baseUrl,
      null,
      "GET",
      "/api/storyboard/images/search?query=sea",
      undefined,
      bearer(secret),
    );
    expect(res.status).toBe(429);
  });

  it("goes with the account", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const alice = await ts.signIn(email);
    const { secret } = await newKey(alice.cookie);
    expect((await api(ts.baseUrl, alice.cookie, "DELETE", "/api/account", { email })).status).toBe(204);
    expect((await api(ts.baseUrl, null, "GET", "/api/video", undefined, bearer(secret))).status).toBe(401);
    const left = (await ts.server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${alice.userId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
