import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

// The public blog, and what a server without Stripe says about purchases (the default configuration).
describe.each(MODES)("blog, and billing without Stripe (%s)", (mode) => {
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("lists the posts from the repository, newest first, without a session", async () => {
    const res = await api(ts.baseUrl, null, "GET", "/api/blog");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    for (const post of res.body) {
      expect(Object.keys(post)).toEqual(
        expect.arrayContaining(["title", "slug", "author", "publicationDate", "content", "html"]),
      );
      expect(post.content.length).toBeGreaterThan(1500);
      expect(post.html).toContain("<h2>");
    }
    const dates = res.body.map((p: { publicationDate: string }) => p.publicationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Server-rendered HTML is safe to inject (posts/test: raw HTML is escaped, unsafe links dropped).
    expect(res.body.some((p: { html: string }) => p.html.includes("<script"))).toBe(false);
  });

  it("tells the browser the six upload formats and no operator contact or policy date unless set", async () => {
    const config = (await api(ts.baseUrl, null, "GET", "/api/config")).body;
    expect(config.acceptedUploadTypes).toEqual(
      expect.arrayContaining([".mp4", ".webm", ".ogg", ".mov", ".avi", ".wmv"]),
    );
    expect(config.operator).toEqual({ supportEmail: null, policiesUpdated: null });
  });

  it("serves one post by slug and 404s a missing one", async () => {
    const res = await api(ts.baseUrl, null, "GET", "/api/blog/preparing-your-video-for-ai-dubbing");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Preparing Your Video for AI Dubbing: A Practical Checklist",
      author: "Daniel Okafor",
      publicationDate: "2026-10-02",
    });
    const missing = await api(ts.baseUrl, null, "GET", "/api/blog/no-such-post");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("post_not_found");
  });

  it("answers 503 billing_unavailable instead of pretending", async () => {
    const user = await ts.signIn();
    const config = await api(ts.baseUrl, null, "GET", "/api/stripe/config");
    expect(config.body).toMatchObject({
      purchasesAvailable: false,
      portalAvailable: false,
      message: "Purchases are not available on this server.",
    });
    for (const [method, url, body] of [
      ["POST", "/api/stripe/checkout", { plan: "pro", billing: "monthly" }],
      ["GET", "/api/stripe/portal", undefined],
    ] as const) {
      const res = await api(ts.baseUrl, user.cookie, method, url, body);
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({
        code: "billing_unavailable",
        message: "Purchases are not available on this server.",
      });
    }
    // Webhooks cannot be verified without a secret: refused, never applied.
    const hook = await fetch(`${ts.baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: JSON.stringify({ id: "evt_1", type: "invoice.paid", created: 1, data: { object: {} } }),
    });
    expect(hook.status).toBe(503);
    expect((await api(ts.baseUrl, user.cookie, "GET", "/api/stripe/subscription/active")).body).toBe(false);
    expect((await api(ts.baseUrl, null, "GET", "/api/stripe/subscription/active")).status).toBe(401);
  });
});
