import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPayload } from "../src/billing/stripe.ts";
import { translations } from "../src/db/schema.ts";
import { UsageRepository } from "../src/usage/repository.ts";
import { makeVideo } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";
import { sharedWorkspace } from "./teams.ts";

const WEBHOOK_SECRET = "whsec_test_secret";
const PRICES = {
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
  STRIPE_PRICE_PRO_YEARLY: "price_pro_yearly",
  STRIPE_PRICE_EXECUTIVE_MONTHLY: "price_exec_monthly",
  STRIPE_PRICE_EXECUTIVE_YEARLY: "price_exec_yearly",
};

/** A local server speaking the part of Stripe's API we use (form-encoded POSTs with a Bearer key). */
async function fakeStripe() {
  const calls: { path: string; params: URLSearchParams; auth: string | undefined; idempotency?: string }[] =
    [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const params = new URLSearchParams(body);
      calls.push({
        path: req.url!,
        params,
        auth: req.headers.authorization,
        idempotency: req.headers["idempotency-key"] as string | undefined,
      });
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (req.headers.authorization !== "Bearer sk_test_123") {
        return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.headers["content-type"] !== "application/x-www-form-urlencoded") {
        return json(400, { error: { message: "form encoding expected" } });
      }
      n += 1;
      if (req.method === "POST" && req.url === "/v1/customers") {
        return json(200, { id: `cus_${n}`, object: "customer", email: params.get("email") });
      }
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        if (!params.get("line_items[0][price]"))
          return json(400, { error: { message: "Missing line_items" } });
        return json(200, {
          id: `cs_test_${n}`,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/cs_test_${n}`,
        });
      }
      if (req.method === "DELETE" && req.url?.startsWith("/v1/subscriptions/")) {
        const id = decodeURIComponent(req.url.slice("/v1/subscriptions/".length));
        if (id === "sub_refused") return json(500, { error: { message: "Stripe is having a moment" } });
        return json(200, { id, object: "subscription", status: "canceled" });
      }
      if (req.method === "POST" && req.url === "/v1/billing_portal/sessions") {
        return json(200, {
          id: `bps_${n}`,
          object: "billing_portal.session",
          url: `https://billing.stripe.test/p/session/${params.get("customer")}`,
        });
      }
      return json(404, { error: { message: "Unrecognized request URL" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, calls, close: () => new Promise((r) => server.close(r)) };
}

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  eventCounter += 1;
  return { id: `evt_${Date.now()}_${eventCounter}`, object: "event", type, created, data: { object } };
}

async function sendWebhook(ts: TestServer, payload: unknown, signature?: string) {
  const body = JSON.stringify(payload);
  const res = await fetch(`${ts.baseUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature !== "" && {
        "stripe-signature": signature ?? signPayload(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
      }),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe.each(MODES)("billing with Stripe (%s)", (mode) => {
  // Every answer is checked against the API description the server publishes: an undocumented field or status fails.
  const answers = documentedAnswers();
  let ts: TestServer;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  let alice: { cookie: string; userId: string };
  let customer: string;
  let fixtures: string;

  beforeAll(async () => {
    fixtures = await mkdtemp(path.join(os.tmpdir(), "dub-billing-"));
    stripe = await fakeStripe();
    ts = await startTestServer(mode, {
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
      ...PRICES,
    });
    await answers.start(ts.baseUrl);
    alice = await ts.signIn();
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
    await stripe?.close();
    await rm(fixtures, { recursive: true, force: true });
  });

  it("says purchases are available, without a session", async () => {
    const res = await api(ts.baseUrl, null, "GET", "/api/stripe/config");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ purchasesAvailable: true, portalAvailable: true, message: null });
    expect(res.body.plans.map((p: { monthlyPrice: number }) => p.monthlyPrice)).toEqual([0, 149, 1349]);
    expect(res.body.plans[2]).toMatchObject({
      yearlyMonthlyPrice: 999,
      purchasable: { monthly: true, yearly: true },
    });
  });

  it("starts a Checkout session for a plan and billing period", async () => {
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/stripe/subscription/active")).body).toBe(false);
    for (const body of [{}, { plan: "free" }, { plan: "pro", billing: "weekly" }]) {
      const bad = await api(ts.baseUrl, alice.cookie, "POST", "/api/stripe/checkout", body);
      expect(bad.status).toBe(400);
    }
    const res = await api(ts.baseUrl, alice.cookie, "POST", "/api/stripe/checkout", {
      plan: "pro",
      billing: "yearly",
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [created, session] = stripe.calls.slice(-2);
    expect(created!.path).toBe("/v1/customers");
    expect(created!.params.get("email")).toMatch(/@example\.com$/);
    expect(created!.params.get("metadata[userId]")).toBe(alice.userId);
    expect(created!.idempotency).toBe(`customer-${alice.userId}`);
    customer = "cus_1";
    expect(session!.path).toBe("/v1/checkout/sessions");
    expect(session!.auth).toBe("Bearer sk_test_123");
    expect(Object.fromEntries(session!.params)).toMatchObject({
      mode: "subscription",
      customer,
      client_reference_id: alice.userId,
      "line_items[0][price]": "price_pro_yearly",
      "line_items[0][quantity]": "1",
      "metadata[plan]": "pro",
      "subscription_data[metadata][userId]": alice.userId,
      success_url: `${ts.baseUrl}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    });
    // A second checkout reuses the customer.
    await api(ts.baseUrl, alice.cookie, "POST", "/api/stripe/checkout", { plan: "executive" });
    expect(stripe.calls.at(-1)!.params.get("customer")).toBe(customer);
    expect(stripe.calls.at(-1)!.params.get("line_items[0][price]")).toBe("price_exec_monthly");
  });

  it("refuses webhooks with a bad or missing signature", async () => {
    const payload = event("checkout.session.completed", {
      client_reference_id: alice.userId,
      customer,
      subscription: "sub_1",
      payment_status: "paid",
      mode: "subscription",
    });
    const body = JSON.stringify(payload);
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [
      signPayload(body, "whsec_wrong", now),
      signPayload(body, WEBHOOK_SECRET, now - 301),
      `t=${now},v1=${"ab".repeat(32)}`,
      "",
    ]) {
      const res = await sendWebhook(ts, payload, signature);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_signature");
    }
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/stripe/subscription/active")).body).toBe(false);
  });

  it("keeps the subscription from signed webhook events", async () => {
    const t0 = Math.floor(Date.now() / 1000) - 100;
    const completed = event(
      "checkout.session.completed",
      {
        id: "cs_test_2",
        object: "checkout.session",
        client_reference_id: alice.userId,
        customer,
        subscription: "sub_1",
        payment_status: "paid",
        mode: "subscription",
        metadata: { userId: alice.userId, plan: "pro", billing: "yearly" },
      },
      t0,
    );
    const res = await sendWebhook(ts, completed);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, applied: true });
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/stripe/subscription/active")).body).toBe(true);
    let usage = await api(ts.baseUrl, alice.cookie, "GET", "/api/usage");
    expect(usage.body).toMatchObject({ plan: "pro", limitSeconds: 72_000 });
    // The same delivery again changes nothing.
    expect((await sendWebhook(ts, completed)).body).toEqual({ received: true, applied: false });

    const subscription = (status: string, price: string, created: number) =>
      event(
        "customer.subscription.updated",
        {
          id: "sub_1",
          object: "subscription",
          customer,
          status,
          cancel_at_period_end: false,
          items: { data: [{ price: { id: price }, current_period_end: t0 + 30 * 86400 }] },
        },
        created,
      );
    expect((await sendWebhook(ts, subscription("active", "price_exec_monthly", t0 + 10))).status).toBe(200);
    usage = await api(ts.baseUrl, alice.cookie, "GET", "/api/usage");
    expect(usage.body).toMatchObject({ plan: "executive", limitSeconds: 720_000 });
    const sub = await api(ts.baseUrl, alice.cookie, "GET", "/api/stripe/subscription");
    expect(sub.body).toMatchObject({ active: true, plan: "executive", billing: "monthly", status: "active" });
    expect(sub.body.currentPeriodEnd).toBe(new Date((t0 + 30 * 86400) * 1000).toISOString());
    // An older event delivered late does not undo a newer one.
    const stale = await sendWebhook(ts, subscription("canceled", "price_pro_monthly", t0 + 5));
    expect(stale.body.applied).toBe(false);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/stripe/subscription/active")).body).toBe(true);

    const again = await api(ts.baseUrl, alice.cookie, "POST", "/api/stripe/checkout", { plan: "pro" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_subscribed");

    const deleted = event(
      "customer.subscription.deleted",
      { id: "sub_1", object: "subscription", customer, status: "canceled", items: { data: [] } },
      t0 + 20,
    );
    expect((await sendWebhook(ts, deleted)).body.applied).toBe(true);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/stripe/subscription/active")).body).toBe(false);
    expect((await api(ts.baseUrl, alice.cookie, "GET", "/api/usage")).body).toMatchObject({
      plan: "free",
      limitSeconds: 1800,
    });
  });

  it("cancels the subscription in Stripe before an account is deleted, and deletes nothing when Stripe refuses", async () => {
    const subscribe = async (userId: string, subscription: string, at: number) => {
      const customerOf = `cus_${subscription}`;
      const completed = event(
        "checkout.session.completed",
        {
          id: `cs_${subscription}`,
          object: "checkout.session",
          client_reference_id: userId,
          customer: customerOf,
          subscription,
          payment_status: "paid",
          mode: "subscription",
          metadata: { userId, plan: "pro", billing: "monthly" },
        },
        at,
      );
      expect((await sendWebhook(ts, completed)).body.applied).toBe(true);
      return customerOf;
    };
    const t0 = Math.floor(Date.now() / 1000) - 50;
    const email = `dave-${Date.now()}@example.com`;
    const dave = await ts.signIn(email);
    const daveCustomer = await subscribe(dave.userId, "sub_dave", t0);
    const closed = await api(ts.baseUrl, dave.cookie, "DELETE", "/api/account", { email });
    expect(closed.status).toBe(204);
    const cancel = stripe.calls.find((c) => c.path === "/v1/subscriptions/sub_dave");
    expect(cancel?.idempotency).toBe("cancel-sub_dave");
    // Stripe's webhook then agrees; it names an account that is gone, and changes nothing.
    const deleted = event(
      "customer.subscription.deleted",
      {
        id: "sub_dave",
        object: "subscription",
        customer: daveCustomer,
        status: "canceled",
        items: { data: [] },
      },
      t0 + 10,
    );
    expect((await sendWebhook(ts, deleted)).status).toBe(200);

    const erin = await ts.signIn(`erin-${Date.now()}@example.com`);
    await subscribe(erin.userId, "sub_refused", t0);
    const refused = await api(ts.baseUrl, erin.cookie, "DELETE", "/api/account", {
      email: (await api(ts.baseUrl, erin.cookie, "GET", "/api/auth/me")).body.email,
    });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe("payment_provider_error");
    expect((await api(ts.baseUrl, erin.cookie, "GET", "/api/video")).status).toBe(200);
  });

  it("acknowledges events it does not use", async () => {
    const res = await sendWebhook(ts, event("invoice.paid", { id: "in_1", customer }));
    expect(res).toEqual({ status: 200, body: { received: true, applied: false } });
  });

  it("opens the billing portal for the user's customer", async () => {
    const res = await api(ts.baseUrl, alice.cookie, "GET", "/api/stripe/portal");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: `https://billing.stripe.test/p/session/${customer}` });
    const call = stripe.calls.at(-1)!;
    expect(call.path).toBe("/v1/billing_portal/sessions");
    expect(call.params.get("return_url")).toBe(`${ts.baseUrl}/subscription`);
    // Another user gets their own customer first.
    const bob = await ts.signIn();
    const portal = await api(ts.baseUrl, bob.cookie, "GET", "/api/stripe/portal");
    expect(portal.status).toBe(200);
    expect(stripe.calls.at(-2)!.path).toBe("/v1/customers");
    expect(portal.body.url).not.toContain(customer);
  });

  it("refuses a Free user's upload past 30 minutes a month, and a dub", async () => {
    const user = await ts.signIn();
    const usage = new UsageRepository(ts.server.database.db);
    const video = makeVideo(fixtures, "mp4", { seconds: 2 });
    // Within the limit: accepted.
    const ok = await upload(ts.baseUrl, user.cookie, video, "Fits");
    expect(ok.status).toBe(201);
    const ready = await waitForStatus(ts.baseUrl, user.cookie, ok.body._id, ["ready", "failed"]);
    expect(ready.status).toBe("ready");

    // The upload took its 2 seconds when it was accepted; add the rest of the month's use.
    const before = (await api(ts.baseUrl, user.cookie, "GET", "/api/usage")).body.usedSeconds;
    await usage.add(user.userId, "dubbed", 1799 - before);
    const u = await api(ts.baseUrl, user.cookie, "GET", "/api/usage");
    expect(u.body).toMatchObject({
      plan: "free",
      limitSeconds: 1800,
      usedSeconds: 1799,
      remainingSeconds: 1,
    });

    const refused = await upload(ts.baseUrl, user.cookie, video, "Too much");
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("plan_limit_reached");
    expect(refused.body.error.message).toContain("you have 0 minutes left");
    expect(refused.body.error.message).toContain("/subscription");
    expect(refused.body.error.details).toMatchObject({
      plan: "free",
      limitSeconds: 1800,
      upgradeUrl: "/subscription",
    });
    const list = await api(ts.baseUrl, user.cookie, "GET", "/api/video");
    expect(list.body.map((p: { title: string }) => p.title)).toEqual(["Fits"]);

    await ts.server.database.db.insert(translations).values({
      projectId: ok.body._id,
      language: "es",
      status: "translated",
      transcript: [{ speaker: "S1", text: "Hola a todos.", start: 0, end: 1500 }],
    });
    const dub = await api(ts.baseUrl, user.cookie, "POST", `/api/video/${ok.body._id}/dub`, {
      language: "es",
    });
    expect(dub.status).toBe(402);
    expect(dub.body.error.code).toBe("plan_limit_reached");
    expect(dub.body.error.message).toContain("this dub needs 1 minute");

    // Another Free user is not affected.
    const other = await ts.signIn();
    expect((await upload(ts.baseUrl, other.cookie, video, "Mine")).status).toBe(201);
  });

  it("charges a member's upload into a shared workspace to its owner's month, and refuses it when that is used up", async () => {
    const { owner, member, shared } = await sharedWorkspace(ts, "editor");
    const video = makeVideo(fixtures, "mp4", { seconds: 2 });
    const uploadInto = async (workspaceId: string | null, title: string) => {
      const form = new FormData();
      form.set("title", title);
      form.set("video", new Blob([await readFile(video)]), "clip.mp4");
      const res = await fetch(
        `${ts.baseUrl}/api/video/process${workspaceId ? `?workspaceId=${workspaceId}` : ""}`,
        {
          method: "POST",
          body: form,
          headers: { cookie: member.cookie },
        },
      );
      return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
    };
    const used = async (cookie: string, workspaceId?: string) =>
      (await api(ts.baseUrl, cookie, "GET", `/api/usage${workspaceId ? `?workspaceId=${workspaceId}` : ""}`))
        .body.usedSeconds as number;

    expect((await uploadInto(shared, "For the client")).status).toBe(201);
    // the owner's month paid; the member's own stayed untouched
    const owners = await used(owner.cookie);
    expect(owners).toBeGreaterThan(0);
    expect(await used(member.cookie, shared)).toBe(owners);
    expect(await used(member.cookie)).toBe(0);
    // so did the owner's storage and hour of image searches: a member's search counts there too
    const search = `/api/storyboard/images/search?query=sea&workspaceId=${shared}`;
    expect((await api(ts.baseUrl, member.cookie, "GET", search)).status).toBe(200);
    const usage = async (cookie: string) => (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body;
    const [ownerUsage, memberUsage] = [await usage(owner.cookie), await usage(member.cookie)];
    expect(ownerUsage.storage.usedBytes).toBe((await stat(video)).size);
    expect(memberUsage.storage.usedBytes).toBe(0);
    expect([ownerUsage.quotas.imageSearches.used, memberUsage.quotas.imageSearches.used]).toEqual([1, 0]);
    // a stranger learns nothing of the workspace's figures
    expect(
      (await api(ts.baseUrl, (await ts.signIn()).cookie, "GET", `/api/usage?workspaceId=${shared}`)).status,
    ).toBe(404);

    await new UsageRepository(ts.server.database.db).add(owner.userId, "dubbed", 1799 - owners);
    const refused = await uploadInto(shared, "One too many");
    expect(refused.status).toBe(402);
    expect(refused.body.error?.code).toBe("plan_limit_reached");
    // the member's personal workspace is still theirs, on their own plan
    expect((await uploadInto(null, "Mine")).status).toBe(201);
    expect(await used(owner.cookie)).toBe(1799);
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
