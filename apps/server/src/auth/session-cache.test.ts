import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MODES, openTestDatabase } from "../../test/harness.ts";
import type { Database } from "../db/client.ts";
import { ApiKeyService } from "./api-keys.ts";
import { SessionCache, startSessionCache } from "./session-cache.ts";
import { createSession, findOrCreateUser, type SessionUser } from "./sessions.ts";

const someone: SessionUser = {
  id: "u1",
  email: "a@example.com",
  sessionId: "s1",
  identitySessionId: null,
  suspended: false,
};

/** A look-up that counts its calls and answers `user`. */
function counting(user: SessionUser | null) {
  const lookup = async () => {
    lookup.calls++;
    return user;
  };
  lookup.calls = 0;
  return lookup;
}

describe("SessionCache", () => {
  it("answers a checked session from memory while it listens, and asks again after a clear", async () => {
    const lookup = counting(someone);
    const cache = new SessionCache(lookup);
    cache.setListening(true);
    await cache.find("token");
    await cache.find("token");
    expect(lookup.calls).toBe(1);
    cache.clear();
    await cache.find("token");
    expect(lookup.calls).toBe(2);
  });

  it("takes nothing from memory while the end-of-session notifications are not heard", async () => {
    const lookup = counting(someone);
    const cache = new SessionCache(lookup);
    await cache.find("token");
    await cache.find("token");
    expect(lookup.calls).toBe(2);
  });

  it("does not keep what a look-up read before a clear (the session may have ended in between)", async () => {
    const answers: ((user: SessionUser | null) => void)[] = [];
    const cache = new SessionCache<SessionUser>(() => new Promise((resolve) => answers.push(resolve)));
    cache.setListening(true);
    const first = cache.find("token");
    cache.clear();
    answers[0]!(someone);
    await first;
    const second = cache.find("token");
    expect(answers).toHaveLength(2);
    answers[1]!(null);
    expect(await second).toBeNull();
  });

  it("keeps no entry past the expiry it is given (an expired API key is refused at once)", async () => {
    const lookup = counting(someone);
    const cache = new SessionCache(lookup, () => 1_000_500);
    cache.setListening(true);
    await cache.find("key", new Date(1_000_000));
    await cache.find("key", new Date(1_000_400));
    expect(lookup.calls).toBe(1);
    await cache.find("key", new Date(1_000_500));
    expect(lookup.calls).toBe(2);
  });
});

describe.each(MODES)("the session cache on a real database (%s)", (mode) => {
  let database: Database | undefined;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    await database?.close();
  });

  it("forgets a session the moment any statement ends it, whoever runs it", async () => {
    database = await openTestDatabase(mode);
    const started = await startSessionCache(database);
    stop = started.stop;
    const user = await findOrCreateUser(database.db, "cached@example.com");
    const token = await createSession(database.db, user.id);
    expect((await started.cache.sessions.find(token))?.email).toBe("cached@example.com");
    // ended behind the cache's back: a raw statement, as another process or the identity provider would
    await database.db.execute(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
    const refused = async () => (await started.cache.sessions.find(token)) === null;
    if (mode === "embedded") expect(await refused()).toBe(true);
    else await expect.poll(refused, { timeout: 1000, interval: 20 }).toBe(true);
  });

  it("forgets an API key the moment it is revoked or made to expire, but not when it is only used", async () => {
    database = await openTestDatabase(mode);
    const started = await startSessionCache(database);
    stop = started.stop;
    const user = await findOrCreateUser(database.db, "keyed@example.com");
    const keys = new ApiKeyService(database.db);
    const { secret } = await keys.create(user.id, {
      name: "ci",
      scope: "read",
      expiresAt: null,
      workspaceId: user.id,
    });
    const { secret: other } = await keys.create(user.id, {
      name: "ci2",
      scope: "read",
      expiresAt: null,
      workspaceId: user.id,
    });
    expect((await started.cache.keys.find(secret))?.email).toBe("keyed@example.com");
    expect((await started.cache.keys.find(other))?.email).toBe("keyed@example.com");
    // a touch of last_used_at (another process using the key) does not empty the cache
    await database.db.execute(sql`UPDATE api_keys SET last_used_at = now() WHERE user_id = ${user.id}`);
    expect(await started.cache.keys.find(secret)).not.toBeNull();
    // revoked and expired behind the cache's back, as another process would
    await database.db.execute(sql`DELETE FROM api_keys WHERE name = 'ci'`);
    await database.db.execute(sql`UPDATE api_keys SET expires_at = now() WHERE name = 'ci2'`);
    const refused = async () =>
      (await started.cache.keys.find(secret)) === null && (await started.cache.keys.find(other)) === null;
    if (mode === "embedded") expect(await refused()).toBe(true);
    else await expect.poll(refused, { timeout: 1000, interval: 20 }).toBe(true);
  });
});
