// An attack that worked once: sign-in was checked on the raw URL and routing done on the decoded one, so
// `/%61pi/…` reached any handler that did not itself ask for the user. The matched route decides now.
import { ROLES, type Role, roleAtLeast } from "@dubbing/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { myVoices, projects, webhookEndpoints, workspaceMembers } from "../src/db/schema.ts";
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
  // whether the visitor has a session, for public pages (the user or null, never a 401)
  "GET /api/auth/session",
  // what an invitation's link invites to, for the invitee's sign-in page (the token is the secret)
  "GET /api/invites/:token",
  "POST /api/stripe/webhook",
  // The API description and its rendered reference: public, so that a client can read it before it has a key.
  "GET /api/openapi.json",
  "GET /api/docs",
  "GET /api/docs/:file",
];

/**
 * The /api routes an API key may never call (a key lives in scripts and CI logs, so these need a
 * session): key management, closing the account, signing out; and what acts on the account as a whole, since
 * a key acts only in the workspace it was made for: the account's overview, its data export, billing, usage.
 */
const SESSION_ONLY_ROUTES = [
  "GET /api/account",
  "GET /api/account/export/estimate",
  "GET /api/account/export",
  "POST /api/account/export",
  "GET /api/stripe/subscription/active",
  "GET /api/stripe/subscription",
  "POST /api/stripe/checkout",
  "GET /api/stripe/portal",
  "GET /api/usage",
  "GET /api/account/keys",
  "POST /api/account/keys",
  "DELETE /api/account/keys/:id",
  "DELETE /api/account",
  "PUT /api/auth/logout",
  "PUT /api/auth/logout-everywhere",
  "POST /api/workspaces",
  "POST /api/invites/accept",
  "DELETE /api/workspaces/:id",
];

/**
 * The least role each workspace route needs in the workspace of what it names (auth/access.ts `member`);
 * every other signed-in route acts on the caller's own account. A change here is a security review.
 */
const ROLE_ROUTES: Record<string, Role> = {
  "GET /api/video": "viewer",
  "GET /api/video/:id": "viewer",
  "GET /api/video/:id/untranscribed-speech": "viewer",
  "GET /api/video/:id/speech": "viewer",
  "GET /api/video/transcript/:id": "viewer",
  "GET /api/video/:id/subtitles/:file": "viewer",
  "GET /api/video/:id/translations": "viewer",
  "GET /api/video/:id/dubs/all-languages.mp4": "viewer",
  "GET /api/video/:id/dubs/:language/audio.wav": "viewer",
  "GET /api/video/:id/jobs": "viewer",
  "GET /api/video/:id/events": "viewer",
  "GET /api/video/:id/glossary": "viewer",
  "GET /api/account/glossary": "viewer",
  "GET /api/usage": "viewer",
  "GET /api/storyboard": "viewer",
  "GET /api/storyboard/:id": "viewer",
  "GET /api/voices/mine": "viewer",
  "GET /api/voices/mine/:id/sample/:language": "viewer",
  "GET /api/video/:id/voices-heard-before": "viewer",
  "GET /api/workspaces/:id/members": "viewer",
  // leaving; removing someone else takes an admin (teams/member-rules.ts)
  "DELETE /api/workspaces/:id/members/:userId": "viewer",
  "PUT /api/video/:id/translations/:language/review": "reviewer",
  "PUT /api/video/:id/translations/:language/status": "reviewer",
  "GET /api/video/:id/comments": "viewer",
  "GET /api/video/:id/activity": "viewer",
  "POST /api/video/:id/comments": "reviewer",
  "PUT /api/video/:id/comments/:commentId": "reviewer",
  "PUT /api/workspaces/:id": "admin",
  "POST /api/video/process": "editor",
  "PUT /api/video/:id": "editor",
  "PATCH /api/video/:id": "editor",
  "PUT /api/video/:id/transcript": "editor",
  "PUT /api/video/:id/language": "editor",
  "POST /api/video/:id/subtitles/:target": "editor",
  "POST /api/video/:id/translate": "editor",
  "PUT /api/video/:id/translation": "editor",
  "POST /api/video/:id/dub": "editor",
  "POST /api/video/:id/dubs": "editor",
  "POST /api/video/:id/translations/:language/lines/:index/fix": "editor",
  "DELETE /api/video/:id/translations/:language": "editor",
  "PUT /api/video/:id/glossary": "editor",
  "PUT /api/account/glossary": "editor",
  "POST /api/video/:id/speakers/:speakerId/clone": "editor",
  "POST /api/storyboard": "editor",
  "GET /api/storyboard/images/search": "editor",
  "PUT /api/storyboard/:id": "editor",
  "PATCH /api/storyboard/:id": "editor",
  "POST /api/storyboard/:id/generate-video": "editor",
  "POST /api/voices/mine": "editor",
  "PATCH /api/voices/mine/:id": "editor",
  "DELETE /api/voices/mine/:id": "editor",
  "DELETE /api/video/:id": "admin",
  "DELETE /api/storyboard/:id": "admin",
  "POST /api/account/keys": "admin",
  "GET /api/webhooks": "admin",
  "POST /api/webhooks": "admin",
  "PATCH /api/webhooks/:id": "admin",
  "POST /api/webhooks/:id/secret": "admin",
  "DELETE /api/webhooks/:id": "admin",
  "GET /api/webhooks/:id/deliveries": "admin",
  "POST /api/webhooks/:id/test": "admin",
  "PUT /api/workspaces/:id/members/:userId": "admin",
  "GET /api/workspaces/:id/invites": "admin",
  "POST /api/workspaces/:id/invites": "admin",
  "DELETE /api/workspaces/:id/invites/:inviteId": "admin",
  "DELETE /api/workspaces/:id": "owner",
};

/**
 * The signed-in routes in no workspace that an API key may call, each because it reads nothing outside
 * the key's workspace: what the server offers (languages, voices, cloning, a rendered illustration), who
 * the key's maker is (a member of the key's workspace, whose members see their address) and the
 * workspaces, which a key sees as its own one alone. A change here is a security review.
 */
const KEY_ACCOUNT_ROUTES = [
  "GET /api/auth/me",
  "GET /api/workspaces",
  "GET /api/languages",
  "GET /api/voices",
  "GET /api/voices/spoken/:language",
  "GET /api/voices/cloning",
  "GET /api/storyboard/images/offline/:file",
];

/** What fills a path's other parameters in the walk. */
const PARAMS = new Map([
  [":language", "es"],
  [":file", "original.srt"],
  [":target", "original"],
  [":index", "0"],
  [":speakerId", "s1"],
  [":userId", "00000000-0000-4000-8000-000000000000"],
  [":inviteId", "00000000-0000-4000-8000-000000000000"],
  [":commentId", "00000000-0000-4000-8000-000000000000"],
]);

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

  it("every signed-in /api route declares the least workspace role it needs, or that it acts on the account", () => {
    const signedIn = ts.server.app!.apiRoutes.filter(
      (r) => r.method !== "HEAD" && (r.access === "signed-in" || r.access === "session-only"),
    );
    expect(signedIn.filter((r) => r.need === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const declared = Object.fromEntries(
      signedIn.flatMap((r) => (typeof r.need === "object" ? [[`${r.method} ${r.url}`, r.need.role]] : [])),
    );
    expect(declared).toEqual(ROLE_ROUTES);
    // what a key may call outside any workspace is listed, so a new account route is a decision
    const keyAccount = signedIn.filter((r) => r.need === "account" && r.access === "signed-in");
    expect(keyAccount.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...KEY_ACCOUNT_ROUTES].sort());
  });

  it("walks every workspace route with each role and a stranger: 404 to the stranger, 403 below the role", async () => {
    const db = ts.server.database.db;
    const owner = await ts.signIn();
    const ws = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Walk" })).body.id;
    const callers = new Map<Role | "stranger", string>([["owner", owner.cookie]]);
    for (const role of ROLES.filter((r) => r !== "owner")) {
      const { cookie, userId } = await ts.signIn();
      await db.insert(workspaceMembers).values({ workspaceId: ws, userId, role });
      callers.set(role, cookie);
    }
    callers.set("stranger", (await ts.signIn()).cookie);
    const [project] = await db
      .insert(projects)
      .values({
        userId: owner.userId,
        workspaceId: ws,
        title: "Walked",
        status: "ready",
        originalKey: "x",
        originalName: "x.mp4",
        sizeBytes: 1,
      })
      .returning();
    const storyboard = (
      await api(ts.baseUrl, owner.cookie, "POST", `/api/storyboard?workspaceId=${ws}`, {
        title: "Walked",
        transcript: "One frame of the walk.",
      })
    ).body;
    const [voice] = await db
      .insert(myVoices)
      .values({
        userId: owner.userId,
        workspaceId: ws,
        kind: "preset",
        name: "Walked",
        voice: "en-US-AvaMultilingualNeural",
        style: { match: true },
      })
      .returning();
    // disabled: its test event is refused, nothing is sent anywhere
    const [hook] = await db
      .insert(webhookEndpoints)
      .values({
        userId: owner.userId,
        workspaceId: ws,
        url: "https://example.com/hook",
        secret: "s",
        events: ["project.ready"],
        enabled: false,
      })
      .returning();
    const ids = new Map([
      ["/api/video", project!.id],
      ["/api/storyboard", storyboard._id as string],
      ["/api/voices/mine", voice!.id],
      ["/api/webhooks", hook!.id],
      ["/api/workspaces", ws],
    ]);
    // a route without an :id names its workspace in the query
    const urlOf = (route: string) =>
      route.includes(":id")
        ? route.replace(/:[a-zA-Z]+/g, (p) =>
            p === ":id" ? [...ids].find(([prefix]) => route.startsWith(prefix))![1] : PARAMS.get(p)!,
          )
        : `${route}?workspaceId=${ws}`;
    for (const [route, least] of Object.entries(ROLE_ROUTES)) {
      const [method, path] = route.split(" ") as [string, string];
      for (const [caller, cookie] of callers) {
        // what is allowed is walked up to the access check only where it changes nothing lasting
        const allowed = caller !== "stranger" && roleAtLeast(caller, least);
        if (allowed && method === "DELETE") continue;
        const res = await fetch(`${ts.baseUrl}${urlOf(path)}`, {
          method,
          headers: { cookie, "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        const body = res.headers.get("content-type")?.includes("json") ? await res.json() : null;
        await res.body?.cancel().catch(() => {});
        const what = `${route} as ${caller}`;
        if (caller === "stranger") expect(res.status, what).toBe(404);
        else if (!allowed) expect([res.status, body?.error?.code], what).toEqual([403, "forbidden"]);
        else {
          // past the check: neither refused nor told that what it names is missing
          expect(res.status, what).not.toBe(403);
          expect(res.status, what).toBeLessThan(500);
          if (res.status === 404)
            expect(body?.error?.message, what).not.toMatch(/does not exist|not found|no such voice in/i);
        }
      }
    }
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
