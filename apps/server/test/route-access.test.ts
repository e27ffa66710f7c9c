// An attack that worked once: sign-in was checked on the raw URL and routing done on the decoded one, so
// `/%61pi/…` reached any handler that did not itself ask for the user. The matched route decides now.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

/** The /api routes anyone may call; any other needs a session. A change here is a security review. */
const PUBLIC_ROUTES = [
  "GET /api/health",
  "GET /api/config",
  "GET /api/stytch",
  "POST /api/stytch",
  "GET /api/stytch/google",
  "POST /api/stytch/google",
  "GET /api/voices/sample/:language/:file",
  "GET /api/blog",
  "GET /api/blog/:slug",
  "GET /api/stripe/config",
  // the operator's plans, which the landing's pricing shows to anyone
  "GET /api/plans",
  "POST /api/stripe/webhook",
  // The API description and its rendered reference: public, so that a client can read it before it has a key.
  "GET /api/openapi.json",
  "GET /api/docs",
  "GET /api/docs/:file",
];

/**
 * The /api routes an API key may never call (a key lives in scripts and CI logs, so these need a
 * session): key management, closing the account, signing out.
 */
const SESSION_ONLY_ROUTES = [
  "GET /api/account/keys",
  "POST /api/account/keys",
  "DELETE /api/account/keys/:id",
  "DELETE /api/account",
  "PUT /api/auth/logout",
  "PUT /api/auth/logout-everywhere",
];

/** The operator's console API: an ADMIN_EMAILS session only; to anyone else a 404. */
const ADMIN_ROUTES = [
  "GET /api/admin/me",
  "GET /api/admin/users",
  "POST /api/admin/users/:id/suspend",
  "PUT /api/admin/users/:id/plan",
  "POST /api/admin/invites",
  "POST /api/admin/users/:id/resume",
  "DELETE /api/admin/users/:id",
  "GET /api/admin/jobs",
  "POST /api/admin/jobs/:id/retry",
  "POST /api/admin/jobs/:id/cancel",
  "GET /api/admin/engines",
  "GET /api/admin/models",
  "GET /api/admin/storage",
  "GET /api/admin/identity-audit",
  "GET /api/admin/audit",
];

describe.each(MODES)("route access (%s)", (mode) => {
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("4. every /api route declares whether it is public, and only the expected ones are", () => {
    const routes = ts.server.app!.apiRoutes.filter((r) => r.method !== "HEAD");
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const open = routes.filter((r) => r.access === "public").map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    const sessionOnly = routes.filter((r) => r.access === "session-only").map((r) => `${r.method} ${r.url}`);
    expect(sessionOnly.sort()).toEqual([...SESSION_ONLY_ROUTES].sort());
    const admin = routes.filter((r) => r.access === "admin").map((r) => `${r.method} ${r.url}`);
    expect(admin.sort()).toEqual([...ADMIN_ROUTES].sort());
    // Every /api/admin address is an admin route: none can be reached by declaring less.
    expect(routes.filter((r) => r.url.startsWith("/api/admin") && r.access !== "admin")).toEqual([]);
  });

  it("4. an encoded /api path needs a session like the plain one", async () => {
    for (const url of [
      "/%61pi/storyboard/images/offline/1.jpg?q=renders%20for%20free",
      "/%61pi/storyboard",
      "/api/%73toryboard/images/search?query=sea",
      "/%61pi/video",
      "/%61pi/usage",
      "/api/auth/m%65",
    ]) {
      const res = await api(ts.baseUrl, null, "GET", url);
      expect(res.status, url).toBe(401);
      expect(res.body).toEqual({ error: { code: "unauthorized", message: "Please sign in to continue." } });
    }
    // Public routes stay public whichever way they are spelled.
    expect((await api(ts.baseUrl, null, "GET", "/%61pi/health")).status).toBe(200);
  });
});
