// The operator's console API. Only a session of an ADMIN_EMAILS account reaches it (to
// anyone else it does not exist); suspending stops the account's sessions and keys at once, in every
// process; deleting follows the account-deletion rules; failed jobs are retried and queued ones cancelled;
// every action is one audit line naming the admin.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { identitySchema } from "@dubbing/identity-server";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_CACHE_MS } from "../src/auth/session-cache.ts";
import { adminAudit, jobs, projects, translations, usageCarryover, users } from "../src/db/schema.ts";
import { subtitlesOf, tempFolder } from "./fixtures.ts";
import { MODES, startServerOn, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually, startAndWait, upload, waitForStatus } from "./http.ts";
import { signInByLink } from "./identity.ts";
import { storedProjectIds } from "./storage-helpers.ts";
import { sharedWorkspace } from "./teams.ts";

const tmp = tempFolder("dub-admin-");
const BOSS = "boss@example.com";
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe.each(MODES)("the operator's console API (%s)", (mode) => {
  let ts: TestServer;
  let boss: { cookie: string; userId: string };
  let alice: { cookie: string; userId: string };
  let aliceEmail: string;
  let aliceKey: string;
  let projectId: string;
  /** An admin request as the console's page sends it (its Origin on every action). */
  const asBoss = (method: string, url: string, body?: unknown) =>
    api(ts.baseUrl, boss.cookie, method, url, body, method === "GET" ? {} : { origin: ts.baseUrl });

  beforeAll(async () => {
    ts = await startTestServer(mode, { ADMIN_EMAILS: ` Someone@Example.com, ${BOSS.toUpperCase()} ` });
    boss = await ts.signIn(BOSS);
    aliceEmail = `alice-${mode}@example.com`;
    alice = await ts.signIn(aliceEmail);
    const key = await api(ts.baseUrl, alice.cookie, "POST", "/api/account/keys", {
      name: "script",
      scope: "read+write",
    });
    aliceKey = key.body.secret;
    // its lines as subtitles: the subject is what happens to the project, not what is heard in it
    const dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 2), { name: `admin-${mode}` });
    const subtitles = subtitlesOf(dialogue.truth);
    projectId = (await upload(ts.baseUrl, alice.cookie, dialogue.video, "Console", { subtitles })).body._id;
    await waitForStatus(ts.baseUrl, alice.cookie, projectId, ["ready"]);
    expect(
      (await startAndWait(ts.baseUrl, alice.cookie, projectId, "translate", "es", 120)).body.status,
    ).toBe("translated");
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("does not exist for anyone but an admin's session: visitors, users, an admin's API key", async () => {
    const bossKey = (
      await api(ts.baseUrl, boss.cookie, "POST", "/api/account/keys", { name: "k", scope: "read+write" })
    ).body.secret as string;
    const unrouted = await api(ts.baseUrl, alice.cookie, "GET", "/api/admin/nothing-here");
    for (const [cookie, headers] of [
      [null, {}],
      [alice.cookie, {}],
      [null, bearer(aliceKey)],
      [null, bearer(bossKey)],
      // A key and the admin's cookie together: the request is the key's (auth/access.ts), so still not found.
      [boss.cookie, bearer(bossKey)],
    ] as const) {
      for (const [method, url] of [
        ["GET", "/api/admin/users"],
        ["GET", "/api/admin/me"],
        ["POST", `/api/admin/users/${alice.userId}/suspend`],
        ["DELETE", `/api/admin/users/${alice.userId}`],
      ]) {
        const res = await api(ts.baseUrl, cookie, method!, url!, undefined, {
          ...headers,
          origin: ts.baseUrl,
        });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toEqual({ error: { code: "not_found", message: `No route for ${method} ${url}.` } });
      }
    }
    expect(unrouted.body.error.message).toBe("No route for GET /api/admin/nothing-here.");
    const [row] = await ts.server.database.db.select().from(users).where(eq(users.id, alice.userId));
    expect(row!.suspendedAt).toBeNull();
    // The admin's own session: the console answers (the address matched whatever its case and spaces).
    expect((await asBoss("GET", "/api/admin/me")).body).toEqual({ email: BOSS });
  });

  it("is not opened by an unproven address equal to an admin's", async () => {
    const mallory = `mallory-${mode}@example.com`;
    const first = await signInByLink(ts, mallory);
    expect(first).toBeTruthy();
    // Mallory's identity user gets the admin's address, unverified (as a password sign-up would add it).
    const db = ts.server.database.db;
    const { identityEmails } = identitySchema;
    const [own] = await db.select().from(identityEmails).where(eq(identityEmails.email, mallory));
    await db
      .insert(identityEmails)
      .values({ id: `email-test-${mode}`, userId: own!.userId, email: BOSS, verified: false });
    const cookie = await signInByLink(ts, mallory);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/auth/me")).body.email).toBe(mallory);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/admin/users")).status).toBe(404);
    await db.delete(identityEmails).where(eq(identityEmails.email, BOSS));
  });

  it("counts what a member keeps in a shared workspace to its owner, and shows the shared workspaces an account owns", async () => {
    const { owner, member, shared } = await sharedWorkspace(ts, "editor");
    await ts.server.database.db.insert(projects).values({
      ...{ userId: member.userId, workspaceId: shared, title: "For the client", status: "ready" },
      ...{ originalKey: "x", originalName: "x.mp4", sizeBytes: 12_345 },
    });
    const row = async (userId: string) => {
      const { email } = (await ts.server.database.db.select().from(users).where(eq(users.id, userId)))[0]!;
      const found = await asBoss("GET", `/api/admin/users?q=${encodeURIComponent(email)}`);
      return found.body.users[0];
    };
    expect(await row(owner.userId)).toMatchObject({ storedBytes: 12_345, sharedWorkspaces: 1 });
    expect(await row(member.userId)).toMatchObject({ storedBytes: 0, sharedWorkspaces: 0 });
  });

  it("finds users by part of their address, with plan, this month's usage and stored bytes", async () => {
    const found = await asBoss("GET", `/api/admin/users?q=${encodeURIComponent(`ALICE-${mode}`)}`);
    expect(found.status).toBe(200);
    expect(found.body.users).toHaveLength(1);
    const [project] = await ts.server.database.db.select().from(projects).where(eq(projects.id, projectId));
    expect(found.body.users[0]).toMatchObject({
      id: alice.userId,
      email: aliceEmail,
      suspendedAt: null,
      plan: "free",
      storedBytes: project!.sizeBytes,
      sharedWorkspaces: 0,
      isAdmin: false,
    });
    expect(found.body.users[0].storedBytes).toBeGreaterThan(0);
    expect(found.body.users[0].usage.transcribedSeconds).toBeGreaterThan(0);
    // The search text is matched literally: a wildcard finds nothing, quotes are just characters.
    expect((await asBoss("GET", "/api/admin/users?q=%25")).body.users).toEqual([]);
    expect((await asBoss("GET", "/api/admin/users?q=_")).body.users).toEqual([]);
    expect(
      (await asBoss("GET", `/api/admin/users?q=${encodeURIComponent("' or 1=1 --")}`)).body.users,
    ).toEqual([]);
    // Pages are bounded, and the cursor walks on.
    const tooMany = await asBoss("GET", "/api/admin/users?limit=1000");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe("validation_failed");
    const one = await asBoss("GET", "/api/admin/users?limit=1");
    expect(one.body.users).toHaveLength(1);
    expect(one.body.next).toBeTruthy();
    const two = await asBoss("GET", `/api/admin/users?limit=1&before=${encodeURIComponent(one.body.next)}`);
    expect(two.body.users[0].id).not.toBe(one.body.users[0].id);
  });

  it("suspends: the user's session and API key are refused at once, with why; resuming restores both", async () => {
    const me = () => api(ts.baseUrl, alice.cookie, "GET", "/api/auth/me");
    const byKey = () => api(ts.baseUrl, null, "GET", "/api/video", undefined, bearer(aliceKey));
    // Both remembered by this process's caches first.
    expect((await me()).status).toBe(200);
    expect((await byKey()).status).toBe(200);

    // Another site's page cannot act with the admin's cookie, nor can a request without an Origin.
    for (const origin of ["https://evil.example", undefined]) {
      const res = await api(
        ts.baseUrl,
        boss.cookie,
        "POST",
        `/api/admin/users/${alice.userId}/suspend`,
        undefined,
        {
          ...(origin && { origin }),
        },
      );
      expect(res.status).toBe(403);
    }
    expect((await me()).status).toBe(200);
    // Nor can an admin suspend themselves.
    expect((await asBoss("POST", `/api/admin/users/${boss.userId}/suspend`)).status).toBe(409);

    expect((await asBoss("POST", `/api/admin/users/${alice.userId}/suspend`)).status).toBe(204);
    const refused = await me();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("account_suspended");
    expect(refused.body.error.message).toMatch(/suspended/);
    const keyRefused = await byKey();
    expect(keyRefused.status).toBe(403);
    expect(keyRefused.body.error.code).toBe("account_suspended");
    expect((await asBoss("POST", `/api/admin/users/${alice.userId}/suspend`)).status).toBe(409);
    const listed = await asBoss("GET", `/api/admin/users?q=alice-${mode}`);
    expect(listed.body.users[0].suspendedAt).toBeTruthy();
    // Every other route refuses it too (only signing out is left to a suspended account).
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/usage")).status).toBe(403);

    expect((await asBoss("POST", `/api/admin/users/${alice.userId}/resume`)).status).toBe(204);
    expect((await me()).status).toBe(200);
    expect((await byKey()).status).toBe(200);
  });

  it("refuses a suspended account's new sign-in, with why", async () => {
    const email = `carol-${mode}@example.com`;
    const cookie = await signInByLink(ts, email);
    const [carol] = await ts.server.database.db.select().from(users).where(eq(users.email, email));
    expect((await asBoss("POST", `/api/admin/users/${carol!.id}/suspend`)).status).toBe(204);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/auth/me")).status).toBe(403);
    expect(await signInByLink(ts, email)).toBeNull();
    expect((await asBoss("POST", `/api/admin/users/${carol!.id}/resume`)).status).toBe(204);
    expect(await signInByLink(ts, email)).toBeTruthy();
  });

  if (mode === "scale-out")
    it("suspends at once in another API process too (its caches emptied by the database's notification)", async () => {
      const database = ts.server.database;
      if (database.kind !== "postgres") throw new Error("scale-out expected");
      // Another API process on the same database (only the credentials matter here, not where files go).
      const other = await startServerOn(await mkdtemp(path.join(tmp.path, "other-")), {
        DATABASE_URL: database.url,
        ROLES: "api",
        ADMIN_EMAILS: BOSS,
      });
      try {
        const there = (cookie: string | null, headers = {}) =>
          api(other.baseUrl, cookie, "GET", "/api/auth/me", undefined, headers);
        expect((await there(alice.cookie)).status).toBe(200);
        expect((await there(null, bearer(aliceKey))).status).toBe(200);
        expect((await asBoss("POST", `/api/admin/users/${alice.userId}/suspend`)).status).toBe(204);
        // PostgreSQL delivers the notification within milliseconds; the other process's 30 s cache must not
        // answer for the session or the key after it.
        // Waiting less than the cache's lifetime: only the notification can end what the cache holds.
        await eventually(
          "suspended elsewhere",
          async () => (await there(alice.cookie)).status === 403,
          SESSION_CACHE_MS / 3,
        );
        expect((await there(null, bearer(aliceKey))).status).toBe(403);
        expect((await asBoss("POST", `/api/admin/users/${alice.userId}/resume`)).status).toBe(204);
        await eventually(
          "resumed elsewhere",
          async () => (await there(alice.cookie)).status === 200,
          SESSION_CACHE_MS / 3,
        );
        expect((await there(null, bearer(aliceKey))).status).toBe(200);
      } finally {
        await other.close();
      }
    });

  it("lists a failed job with its error and the job id, and retries it as its owner's new run", async () => {
    const db = ts.server.database.db;
    const [row] = await db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, projectId), eq(translations.language, "es")));
    // The translation's clip cache folder cannot be made: a file is in its way (a permanent failure).
    const cache = path.join(ts.dataDir, "cache", "dubs", row!.id);
    await mkdir(path.dirname(cache), { recursive: true });
    await writeFile(cache, "not a folder");
    const failed = await startAndWait(ts.baseUrl, alice.cookie, projectId, "dub", "es", 120);
    expect(failed.body.job.status).toBe("failed");
    const failedId = failed.body.job.id as string;

    const list = await asBoss("GET", "/api/admin/jobs?status=failed");
    const listed = list.body.jobs.find((j: { id: string }) => j.id === failedId);
    expect(listed).toMatchObject({
      kind: "dub",
      status: "failed",
      projectId,
      language: "es",
      owner: { id: alice.userId, email: aliceEmail },
    });
    expect(listed.message).toMatch(/^Dubbing failed: /);
    // Only failed jobs are retried.
    const done = (await asBoss("GET", "/api/admin/jobs?status=done")).body.jobs[0];
    expect((await asBoss("POST", `/api/admin/jobs/${done.id}/retry`)).status).toBe(409);

    await rm(cache, { force: true });
    const retried = await asBoss("POST", `/api/admin/jobs/${failedId}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.job.id).not.toBe(failedId);
    expect(retried.body.job.owner.id).toBe(alice.userId);
    const dubbed = await eventually("the retried dub", async () => {
      const t = (await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${projectId}/translations`)).body.es;
      return t.status === "dubbed" ? (t as { finalVideoUrl: string | null }) : null;
    });
    expect(dubbed.finalVideoUrl).toBeTruthy();
    expect(
      (await asBoss("GET", "/api/admin/jobs?status=done")).body.jobs.map((j: { id: string }) => j.id),
    ).toContain(retried.body.job.id);
  });

  it("cancels a job no worker has taken: the run fails, its minutes come back, its project is released", async () => {
    // An API-only server on its own database: nothing takes its jobs, so an upload's ingest stays queued.
    const idle = await startTestServer(mode, { ROLES: "api", ADMIN_EMAILS: BOSS });
    try {
      const admin = await idle.signIn(BOSS);
      const dave = await idle.signIn(`dave-${mode}@example.com`);
      const video = makeDialogue(tmp.path, DIALOGUE.slice(0, 1), { name: `queued-${mode}` }).video;
      const uploaded = await upload(idle.baseUrl, dave.cookie, video, "Queued");
      expect(uploaded.status).toBe(201);
      const id = uploaded.body._id as string;
      const queued = (await api(idle.baseUrl, admin.cookie, "GET", "/api/admin/jobs?status=queued")).body
        .jobs;
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ kind: "ingest", status: "queued", projectId: id });
      // The upload's answer names the job it started, as the console lists it (and its log lines carry it).
      expect(uploaded.body.jobId).toBe(queued[0].id);
      const db = idle.server.database.db;
      const [before] = await db.select().from(jobs).where(eq(jobs.id, queued[0].id));
      expect(before!.chargedSeconds).toBeGreaterThan(0);

      const action = (url: string) =>
        api(idle.baseUrl, admin.cookie, "POST", url, undefined, { origin: idle.baseUrl });
      const cancelled = await action(`/api/admin/jobs/${queued[0].id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.job).toMatchObject({
        status: "failed",
        message: expect.stringMatching(/cancelled/),
      });
      expect((await action(`/api/admin/jobs/${queued[0].id}/cancel`)).status).toBe(409);
      const [after] = await db.select().from(jobs).where(eq(jobs.id, queued[0].id));
      expect(after!.chargedSeconds).toBe(0);
      const usage = (await api(idle.baseUrl, dave.cookie, "GET", "/api/usage")).body;
      expect(usage.transcribedSeconds).toBe(0);
      await waitForStatus(idle.baseUrl, dave.cookie, id, ["failed"]);
      const queue = (await db.execute(
        sql`SELECT state FROM pgboss.job WHERE id = ${before!.queueJobId}::uuid`,
      )) as unknown as { rows: { state: string }[] };
      expect(queue.rows[0]!.state).toBe("cancelled");
      const audit = (await api(idle.baseUrl, admin.cookie, "GET", "/api/admin/audit?action=cancel_job")).body;
      expect(audit.entries).toMatchObject([
        { action: "cancel_job", adminId: admin.userId, adminEmail: BOSS, targetId: queued[0].id },
      ]);
    } finally {
      await idle.close();
    }
  });

  it("filters the identity audit log (sign-ins, factor changes)", async () => {
    const email = `erin-${mode}@example.com`;
    await signInByLink(ts, email);
    const signIns = await asBoss(
      "GET",
      `/api/admin/identity-audit?action=sign_in&email=${encodeURIComponent(email)}`,
    );
    expect(signIns.status).toBe(200);
    expect(signIns.body.entries.length).toBeGreaterThanOrEqual(1);
    for (const entry of signIns.body.entries) expect(entry.action).toBe("sign_in");
    const none = await asBoss(
      "GET",
      `/api/admin/identity-audit?action=factor_deleted&email=${encodeURIComponent(email)}`,
    );
    expect(none.body.entries).toEqual([]);
    expect((await asBoss("GET", "/api/admin/identity-audit?action=drop_table")).status).toBe(400);
  });

  it("shows engines, what each language can do, and storage totals", async () => {
    const engines = (await asBoss("GET", "/api/admin/engines")).body;
    expect(engines.engines.length).toBeGreaterThan(0);
    expect(engines.languages.find((l: { code: string }) => l.code === "es").tts.available).toBe(true);
    const storage = (await asBoss("GET", "/api/admin/storage")).body;
    expect(storage).toMatchObject({ backend: mode === "embedded" ? "local" : "s3" });
    expect(storage.projects).toBeGreaterThanOrEqual(1);
    expect(storage.uploadedBytes).toBeGreaterThan(0);
    expect(storage.top[0].id).toBe(alice.userId);
  });

  it("deletes a user by the account-deletion rules, after the address is typed; never the admin", async () => {
    const db = ts.server.database.db;
    const url = `/api/admin/users/${alice.userId}`;
    expect((await asBoss("DELETE", `/api/admin/users/${boss.userId}`, { email: BOSS })).status).toBe(409);
    const wrong = await asBoss("DELETE", url, { email: "someone@example.com" });
    expect(wrong.status).toBe(400);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/auth/me")).status).toBe(200);

    expect((await asBoss("DELETE", url, { email: aliceEmail.toUpperCase() })).status).toBe(204);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/auth/me")).status).toBe(401);
    expect((await api(ts.baseUrl, null, "GET", "/api/video", undefined, bearer(aliceKey))).status).toBe(401);
    expect(await db.select().from(users).where(eq(users.id, alice.userId))).toEqual([]);
    expect(await db.select().from(projects).where(eq(projects.id, projectId))).toEqual([]);
    await eventually(
      "files removed",
      async () => !(await storedProjectIds(ts, ts.server.storage)).has(projectId),
    );
    // This month's usage is kept for the address (signing up again does not start the month afresh).
    expect((await db.select().from(usageCarryover)).length).toBeGreaterThan(0);
    expect((await asBoss("DELETE", url, { email: aliceEmail })).status).toBe(404);
  });

  it("writes one audit line per action, naming the admin; the deleted user's address is gone from it", async () => {
    const log = (await asBoss("GET", "/api/admin/audit?limit=100")).body.entries as {
      action: string;
      adminId: string;
      adminEmail: string;
      targetId: string;
      targetLabel: string;
    }[];
    const aboutAlice = log.filter((e) => e.targetId === alice.userId);
    expect(aboutAlice.map((e) => e.action).sort()).toEqual(
      (mode === "scale-out"
        ? ["delete_user", "resume_user", "resume_user", "suspend_user", "suspend_user"]
        : ["delete_user", "resume_user", "suspend_user"]
      ).sort(),
    );
    for (const entry of log) expect(entry).toMatchObject({ adminId: boss.userId, adminEmail: BOSS });
    for (const entry of aboutAlice) expect(entry.targetLabel).toBe("");
    expect(log.filter((e) => e.action === "retry_job")).toHaveLength(1);
    const rows = await ts.server.database.db.select().from(adminAudit);
    expect(rows.length).toBe(log.length);
  });
});
