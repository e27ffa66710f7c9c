// A server that is its operator's: the plans of PLANS_FILE everywhere (GET /api/plans, usage, limits),
// new accounts on SIGNUP_PLAN, the console moving an account to another plan at once, and sign-up only for
// SIGNUP_ALLOWED_EMAILS, invitations and ADMIN_EMAILS, whatever the sign-in method.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { identitySchema } from "@dubbing/identity-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, devMailbox, users } from "../src/db/schema.ts";
import { tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";
import { requestLink, sdk, signInByLink } from "./identity.ts";

const tmp = tempFolder("dub-plans-");
const OWNER = "owner@example.com";
const plan = (id: string, name: string, minutes: number | null, prices: unknown = null) => ({
  id,
  name,
  prices,
  minutesPerMonth: minutes,
  longestVideoMinutes: minutes,
  translationsPerMonth: 3,
  storyboardVideosPerMonth: 1,
  imageSearchesPerHour: 10,
  storageGiB: 1,
});

describe.each(MODES)("the operator's plans and sign-ups (%s)", (mode) => {
  let ts: TestServer;
  let owner: string;
  const asOwner = (method: string, url: string, body?: unknown) =>
    api(ts.baseUrl, owner, method, url, body, method === "GET" ? {} : { origin: ts.baseUrl });
  const identityUserOf = async (email: string) =>
    (
      await ts.server.database.db
        .select()
        .from(identitySchema.identityEmails)
        .where(eq(identitySchema.identityEmails.email, email))
    )[0];
  const mailsTo = async (email: string) =>
    ts.server.database.db.select().from(devMailbox).where(eq(devMailbox.to, email));

  beforeAll(async () => {
    const plansFile = path.join(tmp.path, `plans-${mode}.json`);
    await writeFile(
      plansFile,
      JSON.stringify([
        plan("trial", "Trial", 10),
        plan("team", "Team", 600, { monthly: 20, yearly: 15 }),
        plan("owner", "Owner", null),
      ]),
    );
    ts = await startTestServer(mode, {
      PLANS_FILE: plansFile,
      SIGNUP_PLAN: "trial",
      SIGNUP_ALLOWED_EMAILS: "@allowed.test, solo@elsewhere.test",
      ADMIN_EMAILS: OWNER,
      IDENTITY_PRODUCTS: "magic_links,otps",
    });
    owner = (await signInByLink(ts, OWNER))!;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("offers the file's plans, not the built-in ones", async () => {
    const { status, body } = await api(ts.baseUrl, null, "GET", "/api/plans");
    expect(status).toBe(200);
    expect(body.signupPlan).toBe("trial");
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual(["trial", "team", "owner"]);
    expect(body.plans[2]).toMatchObject({ limitSeconds: null, monthlyPrice: null });
    const stripe = await api(ts.baseUrl, null, "GET", "/api/stripe/config");
    expect(stripe.body.plans.map((p: { id: string }) => p.id)).toEqual(["trial", "team", "owner"]);
  });

  it("puts an allowed domain's new account on the sign-up plan; the console moves it, at once", async () => {
    const email = `new-${mode}@allowed.test`;
    const cookie = await signInByLink(ts, email);
    expect(cookie).not.toBeNull();
    const usage = (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body;
    expect(usage).toMatchObject({ plan: "trial", limitSeconds: 600, remainingSeconds: 600 });
    expect(usage.quotas.translations.limit).toBe(3);

    const { id } = (await api(ts.baseUrl, cookie, "GET", "/api/auth/me")).body;
    // only from the console's own page
    expect(
      (await api(ts.baseUrl, owner, "PUT", `/api/admin/users/${id}/plan`, { plan: "owner" })).status,
    ).toBe(403);
    const unknown = await asOwner("PUT", `/api/admin/users/${id}/plan`, { plan: "gold" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("validation_failed");
    expect((await asOwner("PUT", `/api/admin/users/${id}/plan`, { plan: "owner" })).status).toBe(204);

    const after = (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body;
    expect(after).toMatchObject({ plan: "owner", limitSeconds: null, remainingSeconds: null });
    expect(after.storage.limitBytes).toBe(1024 ** 3);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/stripe/subscription")).body.plan).toBe("owner");
    const listed = (await asOwner("GET", `/api/admin/users?q=${encodeURIComponent(email)}`)).body.users[0];
    expect(listed).toMatchObject({ plan: "owner", assignedPlan: "owner", undefinedPlan: null });
    const audit = await ts.server.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, id));
    expect(audit).toEqual([expect.objectContaining({ action: "set_plan", adminEmail: OWNER })]);
  });

  it("keeps an account on a plan the file no longer defines on the sign-up plan's limits, and says so", async () => {
    const email = `gone-${mode}@allowed.test`;
    const cookie = await signInByLink(ts, email);
    await ts.server.database.db.update(users).set({ plan: "gold" }).where(eq(users.email, email));
    expect((await api(ts.baseUrl, cookie, "GET", "/api/usage")).body).toMatchObject({
      plan: "trial",
      limitSeconds: 600,
    });
    const listed = (await asOwner("GET", `/api/admin/users?q=${encodeURIComponent(email)}`)).body.users[0];
    expect(listed).toMatchObject({ plan: "trial", assignedPlan: "gold", undefinedPlan: "gold" });
  });

  it("makes no account and sends no link for an address outside the list, answering as for any", async () => {
    const refused = `someone-${mode}@elsewhere.test`;
    const allowed = `someone-${mode}@allowed.test`;
    const [no, yes] = [await requestLink(ts, refused), await requestLink(ts, allowed)];
    expect(no.status).toBe(yes.status);
    expect(Object.keys(no.body).sort()).toEqual(Object.keys(yes.body).sort());
    expect(no.body.user_created).toBe(yes.body.user_created);
    expect(await identityUserOf(refused)).toBeUndefined();
    expect(await mailsTo(refused)).toEqual([]);
    // the same answer on every call: nothing tells a refused address from a new one
    expect((await requestLink(ts, refused)).body.user_id).toBe(no.body.user_id);
    const codes = await sdk(ts, "/otps/email/login_or_create", { email: refused });
    expect(codes.status).toBe(200);
    expect(await identityUserOf(refused)).toBeUndefined();
    expect(await mailsTo(refused)).toEqual([]);
    const accounts = await ts.server.database.db.select().from(users).where(eq(users.email, refused));
    expect(accounts).toEqual([]);
    // a listed address outside the domains may sign up
    expect(await signInByLink(ts, "solo@elsewhere.test")).not.toBeNull();
  });

  it("lets an invited address sign up, onto the invitation's plan, with an email saying so", async () => {
    const email = `guest-${mode}@elsewhere.test`;
    const invited = await asOwner("POST", "/api/admin/invites", { email, plan: "team" });
    expect(invited.status).toBe(204);
    expect((await mailsTo(email)).map((m) => m.text).join()).toContain("on the Team plan");
    const cookie = await signInByLink(ts, email);
    expect(cookie).not.toBeNull();
    expect((await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.plan).toBe("team");
    const bad = await asOwner("POST", "/api/admin/invites", { email: "x@elsewhere.test", plan: "gold" });
    expect(bad.status).toBe(400);
  });

  it("lets an address a workspace invited sign up and join, whatever the list says; a revoked one no longer", async () => {
    const workspace = (await asOwner("POST", "/api/workspaces", { name: "Agency" })).body.id as string;
    const email = `freelancer-${mode}@other.test`;
    const invited = await asOwner("POST", `/api/workspaces/${workspace}/invites`, { email, role: "editor" });
    expect(invited.status).toBe(201);
    const cookie = await signInByLink(ts, email);
    expect(cookie).not.toBeNull();
    const mail = (await mailsTo(email)).map((m) => m.text).join();
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    // the sign-in page the link leads to names the workspace, before anyone signs in
    const preview = await api(ts.baseUrl, null, "GET", `/api/invites/${token}`);
    expect(preview.body).toEqual({ workspace: "Agency", email });
    const joined = await api(
      ts.baseUrl,
      cookie,
      "POST",
      "/api/invites/accept",
      { token },
      { origin: ts.baseUrl },
    );
    expect(joined.status).toBe(200);
    expect((await api(ts.baseUrl, null, "GET", `/api/invites/${token}`)).status).toBe(404);
    const mine = await api(ts.baseUrl, cookie, "GET", "/api/workspaces");
    expect(mine.body.workspaces.map((w: { name: string; role: string }) => [w.name, w.role])).toContainEqual([
      "Agency",
      "editor",
    ]);

    const other = `revoked-${mode}@other.test`;
    const again = await asOwner("POST", `/api/workspaces/${workspace}/invites`, {
      email: other,
      role: "viewer",
    });
    await asOwner("DELETE", `/api/workspaces/${workspace}/invites/${again.body.id}`);
    await requestLink(ts, other);
    expect(await identityUserOf(other)).toBeUndefined();
  });

  it("leaves existing accounts be: the operator signs in, and so does an account made before the rule", async () => {
    const before = `before-${mode}@elsewhere.test`;
    await ts.signIn(before);
    // its identity user does not exist yet; its app account does, so the sign-in goes through
    expect(await signInByLink(ts, before)).not.toBeNull();
    expect(await signInByLink(ts, OWNER)).not.toBeNull();
  });
});
