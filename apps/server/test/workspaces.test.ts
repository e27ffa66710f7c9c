// Workspaces: every account has a personal one (what it had stays there, unchanged for it), makes shared
// ones, and uploads, lists and glossary defaults go by `?workspaceId=`; someone who is not a member of a
// workspace learns nothing of it (404), and an API key reaches its own workspace only.
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceInvites, workspaceMembers, workspaces } from "../src/db/schema.ts";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually } from "./http.ts";
import { lastMailTo, signInByLink } from "./identity.ts";
import { documentedAnswers } from "./openapi-check.ts";
import { sharedWorkspace } from "./teams.ts";

const tmp = tempFolder("workspaces-");
let video: string;
beforeAll(() => {
  video = makeVideo(tmp.path, "mp4", { seconds: 2 });
});

/** Uploads the test video into `workspaceId` (none: the personal workspace). */
async function uploadInto(ts: TestServer, cookie: string, workspaceId?: string) {
  const form = new FormData();
  form.set("title", "Shared clip");
  form.set("video", new Blob([await readFile(video)]), "clip.mp4");
  const query = workspaceId ? `?workspaceId=${workspaceId}` : "";
  const res = await fetch(`${ts.baseUrl}/api/video/process${query}`, {
    method: "POST",
    body: form,
    headers: { cookie },
  });
  return { status: res.status, body: (await res.json()) as { _id: string; error?: { code: string } } };
}

describe.each(MODES)("workspaces (%s)", (mode) => {
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

  it("an account has its personal workspace, which it owns and whose id is its own", async () => {
    const { cookie, userId } = await ts.signIn();
    const res = await api(ts.baseUrl, cookie, "GET", "/api/workspaces");
    expect(res.status).toBe(200);
    expect(res.body.workspaces).toEqual([
      {
        id: userId,
        name: "Personal",
        personal: true,
        role: "owner",
        dubOnlyApproved: false,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("makes a shared workspace; uploads and lists go by workspaceId, the personal one by default", async () => {
    const { cookie, userId } = await ts.signIn();
    const made = await api(ts.baseUrl, cookie, "POST", "/api/workspaces", { name: "  Agency  " });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Agency", personal: false, role: "owner" });
    const shared = made.body.id as string;
    const list = await api(ts.baseUrl, cookie, "GET", "/api/workspaces");
    expect(list.body.workspaces.map((w: { id: string }) => w.id)).toEqual([userId, shared]);

    const inShared = await uploadInto(ts, cookie, shared);
    expect(inShared.status).toBe(201);
    const inPersonal = await uploadInto(ts, cookie);
    expect(inPersonal.status).toBe(201);
    const ids = async (query: string) =>
      (await api(ts.baseUrl, cookie, "GET", `/api/video${query}`)).body.map((p: { _id: string }) => p._id);
    expect(await ids(`?workspaceId=${shared}`)).toEqual([inShared.body._id]);
    expect(await ids("")).toEqual([inPersonal.body._id]);
    expect(await ids(`?workspaceId=${userId}`)).toEqual([inPersonal.body._id]);
    // the project of the shared workspace opens by its id like any other
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${inShared.body._id}`)).status).toBe(200);
  });

  it("a workspace's glossary defaults are its own", async () => {
    const { cookie } = await ts.signIn();
    const shared = (await api(ts.baseUrl, cookie, "POST", "/api/workspaces", { name: "Terms" })).body.id;
    const glossary = [{ term: "Acme", keep: true }];
    const put = await api(ts.baseUrl, cookie, "PUT", `/api/account/glossary?workspaceId=${shared}`, {
      glossary,
    });
    expect(put.status).toBe(200);
    expect(
      (await api(ts.baseUrl, cookie, "GET", `/api/account/glossary?workspaceId=${shared}`)).body,
    ).toEqual({
      glossary,
    });
    expect((await api(ts.baseUrl, cookie, "GET", "/api/account/glossary")).body).toEqual({ glossary: [] });
  });

  it("someone who is not a member learns nothing: 404 for the workspace and for what is in it", async () => {
    const owner = await ts.signIn();
    const shared = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Private" })).body
      .id;
    const project = await uploadInto(ts, owner.cookie, shared);
    const stranger = await ts.signIn();
    for (const url of [`/api/video?workspaceId=${shared}`, `/api/video/${project.body._id}`]) {
      const res = await api(ts.baseUrl, stranger.cookie, "GET", url);
      expect(res.status, url).toBe(404);
    }
    const res = await uploadInto(ts, stranger.cookie, shared);
    expect([res.status, res.body.error?.code]).toEqual([404, "not_found"]);
    // a workspace that does not exist answers the same
    const missing = await api(
      ts.baseUrl,
      stranger.cookie,
      "GET",
      `/api/video?workspaceId=${crypto.randomUUID()}`,
    );
    expect(missing.body).toEqual({ error: { code: "not_found", message: "This workspace does not exist." } });
    expect(
      (await api(ts.baseUrl, stranger.cookie, "GET", "/api/workspaces")).body.workspaces.map(
        (w: { id: string }) => w.id,
      ),
    ).toEqual([stranger.userId]);
  });

  it("an API key acts in its own workspace only", async () => {
    const { cookie, userId } = await ts.signIn();
    const shared = (await api(ts.baseUrl, cookie, "POST", "/api/workspaces", { name: "Keyed" })).body.id;
    const project = await uploadInto(ts, cookie, shared);
    const made = await api(ts.baseUrl, cookie, "POST", `/api/account/keys?workspaceId=${shared}`, {
      name: "ci",
      scope: "read",
    });
    expect(made.status).toBe(201);
    expect(made.body.key.workspaceId).toBe(shared);
    const key = { authorization: `Bearer ${made.body.secret}` };
    const get = (url: string) => api(ts.baseUrl, null, "GET", url, undefined, key);
    // its workspace is its default, and the only one it sees
    expect((await get("/api/video")).body.map((p: { _id: string }) => p._id)).toEqual([project.body._id]);
    expect((await get("/api/workspaces")).body.workspaces.map((w: { id: string }) => w.id)).toEqual([shared]);
    // the personal workspace of the same account is out of its reach
    expect((await get(`/api/video?workspaceId=${userId}`)).status).toBe(404);
    const personal = await uploadInto(ts, cookie);
    expect((await get(`/api/video/${personal.body._id}`)).status).toBe(404);
  });

  it("members: a viewer reads but cannot change, an editor's change saves; a removed member is a stranger at once", async () => {
    const owner = await ts.signIn();
    const shared = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Studio" })).body
      .id;
    const project = (await uploadInto(ts, owner.cookie, shared)).body._id;
    const db = ts.server.database.db;
    const join = async (role: "viewer" | "editor") => {
      const who = await ts.signIn();
      await db.insert(workspaceMembers).values({ workspaceId: shared, userId: who.userId, role });
      return who;
    };
    const viewer = await join("viewer");
    const editor = await join("editor");
    const members = await api(ts.baseUrl, viewer.cookie, "GET", `/api/workspaces/${shared}/members`);
    expect(members.body.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner.userId, "owner"],
      [viewer.userId, "viewer"],
      [editor.userId, "editor"],
    ]);

    expect((await api(ts.baseUrl, viewer.cookie, "GET", `/api/video/${project}`)).status).toBe(200);
    const refused = await api(ts.baseUrl, viewer.cookie, "PATCH", `/api/video/${project}`, { title: "Mine" });
    expect([refused.status, refused.body.error.code]).toEqual([403, "forbidden"]);
    expect(
      (await api(ts.baseUrl, editor.cookie, "PATCH", `/api/video/${project}`, { title: "Cut 2" })).status,
    ).toBe(200);
    expect((await api(ts.baseUrl, viewer.cookie, "GET", `/api/video/${project}`)).body.title).toBe("Cut 2");
    // a viewer manages nobody; an admin-only route says so
    const kick = await api(
      ts.baseUrl,
      viewer.cookie,
      "DELETE",
      `/api/workspaces/${shared}/members/${editor.userId}`,
    );
    expect(kick.status).toBe(403);

    // the editor's key of the workspace goes with the editor
    const key = (
      await api(ts.baseUrl, editor.cookie, "POST", `/api/account/keys?workspaceId=${shared}`, {
        name: "ci",
        scope: "read",
      })
    ).body;
    expect(key.error?.code).toBe("forbidden"); // keys are an admin's
    await api(ts.baseUrl, owner.cookie, "PUT", `/api/workspaces/${shared}/members/${editor.userId}`, {
      role: "admin",
    });
    const made = await api(ts.baseUrl, editor.cookie, "POST", `/api/account/keys?workspaceId=${shared}`, {
      name: "ci",
      scope: "read",
    });
    expect(made.status).toBe(201);
    const bearer = { authorization: `Bearer ${made.body.secret}` };
    expect((await api(ts.baseUrl, null, "GET", `/api/video/${project}`, undefined, bearer)).status).toBe(200);

    const removed = await api(
      ts.baseUrl,
      owner.cookie,
      "DELETE",
      `/api/workspaces/${shared}/members/${editor.userId}`,
    );
    expect(removed.status).toBe(204);
    expect((await api(ts.baseUrl, editor.cookie, "GET", `/api/video/${project}`)).status).toBe(404);
    expect((await api(ts.baseUrl, editor.cookie, "GET", `/api/video?workspaceId=${shared}`)).status).toBe(
      404,
    );
    expect((await api(ts.baseUrl, null, "GET", `/api/video/${project}`, undefined, bearer)).status).toBe(401);
    expect(
      (await api(ts.baseUrl, editor.cookie, "GET", "/api/workspaces")).body.workspaces.map(
        (w: { id: string }) => w.id,
      ),
    ).toEqual([editor.userId]);
  });

  it("the owner hands over and stays as an admin; the owner is never removed; a member may leave", async () => {
    const owner = await ts.signIn();
    const shared = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Handover" })).body
      .id;
    const next = await ts.signIn();
    await ts.server.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: shared, userId: next.userId, role: "admin" });
    const url = (who: string) => `/api/workspaces/${shared}/members/${who}`;
    const removeOwner = await api(ts.baseUrl, next.cookie, "DELETE", url(owner.userId));
    expect(removeOwner.status).toBe(403);
    expect((await api(ts.baseUrl, next.cookie, "PUT", url(next.userId), { role: "owner" })).status).toBe(403);
    const handed = await api(ts.baseUrl, owner.cookie, "PUT", url(next.userId), { role: "owner" });
    expect(handed.status).toBe(200);
    expect(handed.body.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [next.userId, "owner"],
      [owner.userId, "admin"],
    ]);
    expect((await api(ts.baseUrl, owner.cookie, "DELETE", url(owner.userId))).status).toBe(204);
    expect((await api(ts.baseUrl, owner.cookie, "GET", `/api/workspaces/${shared}/members`)).status).toBe(
      404,
    );
    // a personal workspace is never handed over
    const guest = await ts.signIn();
    await ts.server.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: owner.userId, userId: guest.userId, role: "viewer" });
    const personal = await api(
      ts.baseUrl,
      owner.cookie,
      "PUT",
      `/api/workspaces/${owner.userId}/members/${guest.userId}`,
      {
        role: "owner",
      },
    );
    expect(personal.status).toBe(409);
  });

  it("invitations: a viewer and an editor join through the emailed link; viewer reads, its change is 403; the editor's saves; a stranger and a removed member get 404", async () => {
    const owner = await ts.signIn();
    const shared = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Agency" })).body
      .id;
    const project = (await uploadInto(ts, owner.cookie, shared)).body._id;
    const invite = (email: string, role: string) =>
      api(ts.baseUrl, owner.cookie, "POST", `/api/workspaces/${shared}/invites`, { email, role });
    const tag = crypto.randomUUID().slice(0, 8);
    const viewerEmail = `viewer-${tag}@example.com`;
    const editorEmail = `editor-${tag}@example.com`;
    // an address with an account and one without are answered alike
    await ts.signIn(`known-${tag}@example.com`);
    const answers = [await invite(viewerEmail, "viewer"), await invite(`known-${tag}@example.com`, "viewer")];
    for (const a of answers)
      expect([a.status, Object.keys(a.body).sort()]).toEqual([
        201,
        ["email", "expiresAt", "id", "invitedAt", "role"],
      ]);
    expect((await invite(editorEmail, "editor")).status).toBe(201);
    const pending = await api(ts.baseUrl, owner.cookie, "GET", `/api/workspaces/${shared}/invites`);
    expect(pending.body.invites.map((i: { email: string }) => i.email).sort()).toEqual(
      [editorEmail, `known-${tag}@example.com`, viewerEmail].sort(),
    );

    /** Signs in by the identity provider's link and opens the invitation's link: the emailed token. */
    const join = async (email: string) => {
      const link = await lastMailTo(ts, email, /https?:\/\/\S+\/invite\/\S+/);
      const token = link.split("/invite/")[1]!;
      const cookie = (await signInByLink(ts, email))!;
      const accepted = await api(ts.baseUrl, cookie, "POST", "/api/invites/accept", { token });
      expect(accepted.body).toEqual({ workspaceId: shared });
      return { cookie, token };
    };
    const viewer = await join(viewerEmail);
    const editor = await join(editorEmail);
    // the link works once
    expect(
      (await api(ts.baseUrl, viewer.cookie, "POST", "/api/invites/accept", { token: viewer.token })).status,
    ).toBe(404);

    expect((await api(ts.baseUrl, viewer.cookie, "GET", `/api/video/${project}`)).status).toBe(200);
    const change = await api(ts.baseUrl, viewer.cookie, "PATCH", `/api/video/${project}`, {
      title: "Viewer's",
    });
    expect([change.status, change.body.error.code]).toEqual([403, "forbidden"]);
    expect(
      (await api(ts.baseUrl, editor.cookie, "PATCH", `/api/video/${project}`, { title: "Editor's" })).status,
    ).toBe(200);
    expect((await api(ts.baseUrl, owner.cookie, "GET", `/api/video/${project}`)).body.title).toBe("Editor's");
    const stranger = await ts.signIn();
    expect((await api(ts.baseUrl, stranger.cookie, "GET", `/api/video/${project}`)).status).toBe(404);

    const editorId = (await api(ts.baseUrl, editor.cookie, "GET", "/api/auth/me")).body.id;
    await api(ts.baseUrl, owner.cookie, "DELETE", `/api/workspaces/${shared}/members/${editorId}`);
    expect((await api(ts.baseUrl, editor.cookie, "GET", `/api/video/${project}`)).status).toBe(404);
  });

  it("an invitation's link is refused to another address, once revoked, and once expired", async () => {
    const owner = await ts.signIn();
    const shared = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Links" })).body
      .id;
    const tag = crypto.randomUUID().slice(0, 8);
    const tokenOf = async (email: string) => {
      const made = await api(ts.baseUrl, owner.cookie, "POST", `/api/workspaces/${shared}/invites`, {
        email,
        role: "viewer",
      });
      const link = await lastMailTo(ts, email, /https?:\/\/\S+\/invite\/\S+/);
      return { id: made.body.id as string, token: link.split("/invite/")[1]! };
    };
    const other = await ts.signIn(`other-${tag}@example.com`);
    const forA = await tokenOf(`a-${tag}@example.com`);
    const wrong = await api(ts.baseUrl, other.cookie, "POST", "/api/invites/accept", { token: forA.token });
    expect([wrong.status, wrong.body.error.code]).toEqual([403, "forbidden"]);

    const invitee = await ts.signIn(`b-${tag}@example.com`);
    const revoked = await tokenOf(`b-${tag}@example.com`);
    expect(
      (await api(ts.baseUrl, owner.cookie, "DELETE", `/api/workspaces/${shared}/invites/${revoked.id}`))
        .status,
    ).toBe(204);
    expect(
      (await api(ts.baseUrl, invitee.cookie, "POST", "/api/invites/accept", { token: revoked.token })).status,
    ).toBe(404);
    const expired = await tokenOf(`b-${tag}@example.com`);
    await ts.server.database.db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.id, expired.id));
    const late = await api(ts.baseUrl, invitee.cookie, "POST", "/api/invites/accept", {
      token: expired.token,
    });
    expect([late.status, late.body.error.code]).toEqual([404, "not_found"]);
    expect((await api(ts.baseUrl, invitee.cookie, "GET", `/api/workspaces/${shared}/members`)).status).toBe(
      404,
    );
  });

  it("account deletion and export: an owner with members is refused (409); a member's projects stay with the workspace; an owner alone takes the workspace along; the export covers owned workspaces", async () => {
    const { owner, member, shared } = await sharedWorkspace(ts, "editor");
    const made = await uploadInto(ts, member.cookie, shared);
    expect(made.status).toBe(201);
    const close = async (cookie: string) =>
      api(ts.baseUrl, cookie, "DELETE", "/api/account", {
        email: (await api(ts.baseUrl, cookie, "GET", "/api/auth/me")).body.email,
      });

    // the export covers the workspaces one owns: the member's upload is the owner's to export
    const estimate = async (cookie: string) =>
      (await api(ts.baseUrl, cookie, "GET", "/api/account/export/estimate")).body.projects;
    expect(await estimate(owner.cookie)).toBe(1);
    expect(await estimate(member.cookie)).toBe(0);

    const refused = await close(owner.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("conflict");
    expect(refused.body.error.message).toContain("Hand it over");
    expect((await api(ts.baseUrl, owner.cookie, "GET", "/api/workspaces")).status).toBe(200);

    expect((await close(member.cookie)).status).toBe(204);
    const left = await api(ts.baseUrl, owner.cookie, "GET", `/api/video?workspaceId=${shared}`);
    expect(left.body.map((p: { _id: string }) => p._id)).toEqual([made.body._id]);
    expect((await api(ts.baseUrl, owner.cookie, "GET", `/api/video/${made.body._id}`)).status).toBe(200);

    // alone in it now: the owner's deletion takes the shared workspace and its projects along
    expect((await close(owner.cookie)).status).toBe(204);
    const rest = await ts.server.database.db.select().from(workspaces).where(eq(workspaces.id, shared));
    expect(rest).toEqual([]);
  });

  it("the owner deletes a shared workspace with what is in it; its members lose access at once; a personal workspace, an admin and a stranger are refused", async () => {
    const { owner, member, shared } = await sharedWorkspace(ts, "editor");
    const project = (await uploadInto(ts, member.cookie, shared)).body._id;
    const kept = (await uploadInto(ts, owner.cookie)).body._id;
    const storage = ts.server.storage;
    expect((await storage.listKeys(`projects/${project}/`)).length).toBeGreaterThan(0);
    const remove = (cookie: string, id: string) => api(ts.baseUrl, cookie, "DELETE", `/api/workspaces/${id}`);

    const stranger = await ts.signIn();
    expect((await remove(stranger.cookie, shared)).status).toBe(404);
    await api(ts.baseUrl, owner.cookie, "PUT", `/api/workspaces/${shared}/members/${member.userId}`, {
      role: "admin",
    });
    expect((await remove(member.cookie, shared)).status).toBe(403);
    // not with a key, even the owner's own: a leaked key must not erase a team's work
    const key = await api(ts.baseUrl, owner.cookie, "POST", `/api/account/keys?workspaceId=${shared}`, {
      name: "ci",
      scope: "read+write",
    });
    const bearer = { authorization: `Bearer ${key.body.secret}` };
    const byKey = await api(ts.baseUrl, null, "DELETE", `/api/workspaces/${shared}`, undefined, bearer);
    expect([byKey.status, byKey.body.error.code]).toEqual([403, "forbidden"]);
    const personal = await remove(owner.cookie, owner.userId);
    expect([personal.status, personal.body.error.code]).toEqual([409, "conflict"]);

    expect((await remove(owner.cookie, shared)).status).toBe(204);
    for (const who of [owner, member]) {
      expect((await api(ts.baseUrl, who.cookie, "GET", `/api/video/${project}`)).status).toBe(404);
      expect((await api(ts.baseUrl, who.cookie, "GET", `/api/video?workspaceId=${shared}`)).status).toBe(404);
      const left = (await api(ts.baseUrl, who.cookie, "GET", "/api/workspaces")).body.workspaces;
      expect(left.map((w: { id: string }) => w.id)).toEqual([who.userId]);
    }
    // gone now, or once a write of the ingest that was running lands and the purge job removes it
    await eventually("no object under the project", async () =>
      (await storage.listKeys(`projects/${project}/`)).length === 0 ? true : null,
    );
    // the owner's own workspace is untouched
    expect((await api(ts.baseUrl, owner.cookie, "GET", `/api/video/${kept}`)).status).toBe(200);
    expect((await remove(owner.cookie, shared)).status).toBe(404);
  });

  it("answers only what the API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
