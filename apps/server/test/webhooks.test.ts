// Webhooks, against a local receiver. Signatures are checked with the Standard
// Webhooks reference library; order, retries, disabling (and its email) and ownership against the real
// queue in both database modes.
import os from "node:os";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMailbox, users, webhookEndpoints } from "../src/db/schema.ts";
import { JobQueue } from "../src/jobs/runner.ts";
import { WebhookService } from "../src/webhooks/service.ts";
import { JOB_PAYLOADS } from "../src/workers/jobs.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";
import { startReceiver } from "./receiver.ts";

describe.each(MODES)("webhooks (%s)", (mode) => {
  // Every answer is checked against the API description the server publishes: an undocumented field or status fails.
  const answers = documentedAnswers();
  let ts: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let events: WebhookService;

  beforeAll(async () => {
    ts = await startTestServer(mode, { WEBHOOKS_ALLOW_PRIVATE: "true" }, (config) => {
      config.webhooks.retryDelaysMs = [200, 200];
    });
    await answers.start(ts.baseUrl);
    receiver = await startReceiver();
    const jobs = new JobQueue(ts.server.database.db, ts.server.boss, JOB_PAYLOADS);
    events = new WebhookService(ts.server.database.db, jobs.enqueueWebhook.bind(jobs), true);
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
    await receiver?.close();
  });

  async function endpoint(cookie: string, path: string, body: Record<string, unknown> = {}) {
    const res = await api(ts.baseUrl, cookie, "POST", "/api/webhooks", {
      url: `${receiver.url}${path}`,
      events: ["dub.completed", "project.ready"],
      ...body,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  }
  const at = (path: string) => receiver.received.filter((r) => r.path === path);

  it("sends a signed test event that the reference library verifies, and logs the delivery", async () => {
    const alice = await ts.signIn();
    const hook = await endpoint(alice.cookie, "/test");
    expect(hook.secret).toMatch(/^whsec_/);
    const sent = await api(ts.baseUrl, alice.cookie, "POST", `/api/webhooks/${hook.id}/test`);
    expect(sent.status).toBe(202);
    const [got] = await eventually(
      "the test event",
      async () => at("/test").length > 0 && at("/test"),
      20_000,
    );
    const payload = new Webhook(hook.secret).verify(got!.body, got!.headers) as Record<string, unknown>;
    expect(payload).toMatchObject({ type: "webhook.test", data: expect.any(Object) });
    expect(Date.parse(payload.timestamp as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(got!.headers["webhook-id"]).toBe(sent.body.id);
    const log = await eventually(
      "the delivery logged",
      async () => {
        const res = await api(ts.baseUrl, alice.cookie, "GET", `/api/webhooks/${hook.id}/deliveries`);
        return res.body.deliveries[0]?.status === "delivered" && res.body.deliveries;
      },
      10_000,
    );
    expect(log[0]).toMatchObject({
      type: "webhook.test",
      status: "delivered",
      responseCode: 200,
      attempts: 1,
    });
  });

  it("shows a signing secret once, never lists it, and lets only a read-write credential replace it", async () => {
    const alice = await ts.signIn();
    const hook = await endpoint(alice.cookie, "/rotated");
    const key = async (scope: string) =>
      (await api(ts.baseUrl, alice.cookie, "POST", "/api/account/keys", { name: scope, scope })).body
        .secret as string;
    const read = { authorization: `Bearer ${await key("read")}` };
    const write = { authorization: `Bearer ${await key("read+write")}` };
    for (const headers of [{}, read]) {
      const list = await api(
        ts.baseUrl,
        headers === read ? null : alice.cookie,
        "GET",
        "/api/webhooks",
        undefined,
        headers,
      );
      expect(list.status).toBe(200);
      expect(list.body.endpoints).toHaveLength(1);
      expect(JSON.stringify(list.body)).not.toContain("whsec_");
    }
    const changed = await api(ts.baseUrl, alice.cookie, "PATCH", `/api/webhooks/${hook.id}`, {
      enabled: true,
    });
    expect(changed.body.secret).toBeUndefined();
    const refused = await api(ts.baseUrl, null, "POST", `/api/webhooks/${hook.id}/secret`, undefined, read);
    expect(refused.status).toBe(403);
    const rotated = await api(ts.baseUrl, null, "POST", `/api/webhooks/${hook.id}/secret`, undefined, write);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    await api(ts.baseUrl, alice.cookie, "POST", `/api/webhooks/${hook.id}/test`);
    const [got] = await eventually(
      "the test event",
      async () => at("/rotated").length > 0 && at("/rotated"),
      20_000,
    );
    expect(new Webhook(rotated.body.secret).verify(got!.body, got!.headers)).toMatchObject({
      type: "webhook.test",
    });
    expect(() => new Webhook(hook.secret).verify(got!.body, got!.headers)).toThrow();
  });

  it("delivers one project's events in order, the later waiting while the earlier is retried", async () => {
    const alice = await ts.signIn();
    await endpoint(alice.cookie, "/order");
    let failures = 1;
    receiver.answerWith((r) => (r.path === "/order" && failures-- > 0 ? { status: 503 } : { status: 200 }));
    await events.emit(alice.userId, "project.ready", "p1", { n: 1 });
    await events.emit(alice.userId, "dub.completed", "p1", { n: 2 });
    await events.emit(alice.userId, "dub.completed", "p1", { n: 3 });
    await eventually("three delivered", async () => at("/order").length >= 4, 20_000);
    const order = at("/order").map((r) => JSON.parse(r.body).data.n);
    expect(order).toEqual([1, 1, 2, 3]);
    receiver.answerWith(() => ({ status: 200 }));
  });

  it("follows no redirect, retries with back-off, then disables the endpoint and emails its owner", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const alice = await ts.signIn(email);
    const hook = await endpoint(alice.cookie, "/moved");
    receiver.answerWith((r) =>
      r.path === "/moved"
        ? { status: 302, headers: { location: `${receiver.url}/elsewhere` } }
        : { status: 200 },
    );
    await events.emit(alice.userId, "dub.completed", "p2", { n: 1 });
    const db = ts.server.database.db;
    const [disabled] = await eventually(
      "the endpoint disabled",
      async () => {
        const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
        return rows[0]?.enabled === false && rows;
      },
      20_000,
    );
    expect(disabled!.disabledReason).toContain("HTTP 302");
    expect(at("/moved")).toHaveLength(3); // the first attempt and two retries
    expect(at("/elsewhere")).toHaveLength(0);
    const gaps = at("/moved").map((r, i, all) => (i === 0 ? 0 : r.at - all[i - 1]!.at));
    expect(Math.min(...gaps.slice(1))).toBeGreaterThanOrEqual(150);
    // the email follows the disabling
    const mail = await eventually(
      "the email to the owner",
      async () => {
        const rows = await db.select().from(devMailbox).where(eq(devMailbox.to, email));
        return rows.length > 0 && rows;
      },
      10_000,
    );
    expect(mail.map((m) => m.subject)).toEqual(["Your webhook endpoint was disabled"]);
    const log = await api(ts.baseUrl, alice.cookie, "GET", `/api/webhooks/${hook.id}/deliveries`);
    expect(log.body.deliveries[0]).toMatchObject({ status: "failed", responseCode: 302, attempts: 3 });
    // a disabled endpoint gets no events, and says so when asked for a test
    expect((await api(ts.baseUrl, alice.cookie, "POST", `/api/webhooks/${hook.id}/test`)).status).toBe(409);
    const listed = await api(ts.baseUrl, alice.cookie, "GET", "/api/webhooks");
    expect(listed.body.endpoints[0]).toMatchObject({ enabled: false, disabledReason: expect.any(String) });
    receiver.answerWith(() => ({ status: 200 }));
  });

  it("keeps endpoints and their logs to their owner, and removes them with the account", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const alice = await ts.signIn(email);
    const bob = await ts.signIn();
    const hook = await endpoint(alice.cookie, "/owned");
    for (const [method, url, body] of [
      ["GET", `/api/webhooks/${hook.id}/deliveries`, undefined],
      ["POST", `/api/webhooks/${hook.id}/test`, undefined],
      ["PATCH", `/api/webhooks/${hook.id}`, { enabled: false }],
      ["DELETE", `/api/webhooks/${hook.id}`, undefined],
      ["DELETE", "/api/webhooks/not-a-uuid", undefined],
    ] as const) {
      const res = await api(ts.baseUrl, bob.cookie, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await api(ts.baseUrl, bob.cookie, "GET", "/api/webhooks")).body.endpoints).toEqual([]);
    expect((await api(ts.baseUrl, alice.cookie, "DELETE", "/api/account", { email })).status).toBe(204);
    const db = ts.server.database.db;
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, alice.userId))).toEqual([]);
  });

  it("refuses bad input with a clear error", async () => {
    const alice = await ts.signIn();
    for (const body of [
      { url: "ftp://example.com/", events: ["dub.completed"] },
      { url: "not a url", events: ["dub.completed"] },
      { url: `${receiver.url}/x`, events: [] },
      { url: `${receiver.url}/x`, events: ["dub.exploded"] },
    ]) {
      const res = await api(ts.baseUrl, alice.cookie, "POST", "/api/webhooks", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});

describe("webhook targets without WEBHOOKS_ALLOW_PRIVATE", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer("embedded");
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("refuses private, loopback and link-local endpoints", async () => {
    const alice = await ts.signIn();
    for (const url of [
      "http://127.0.0.1:9/hook",
      "http://localhost/hook",
      "http://[::1]/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.8/hook",
      "http://192.168.1.1/hook",
      // a name, not a literal: this machine's name resolves to a loopback or private address
      `http://${os.hostname()}/hook`,
    ]) {
      const res = await api(ts.baseUrl, alice.cookie, "POST", "/api/webhooks", {
        url,
        events: ["dub.completed"],
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error.message).toContain("cannot receive webhooks");
      if (url.startsWith("http://127.0.0.1"))
        expect(res.body.error.message).toContain("its operator can allow it with WEBHOOKS_ALLOW_PRIVATE");
    }
  });
});
