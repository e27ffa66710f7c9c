// Signed media links handed to a signed-in user are bound to them (`u`, inside the signature): a member
// removed from the workspace loses the links they were given at once, not at their ~6 h expiry; the
// owner's links go on working, and a link cannot be moved to another user.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";
import { sharedWorkspace } from "./teams.ts";

const tmp = tempFolder("media-membership-");
let video: string;
beforeAll(() => {
  video = makeVideo(tmp.path, "mp4", { seconds: 2 });
});

describe.each(MODES)("media links of a removed member (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("a member's link works until the admin removes them, then answers 403 at once; the owner's still works", async () => {
    const { owner, member, shared } = await sharedWorkspace(ts, "editor");
    const form = new FormData();
    form.set("title", "Shared clip");
    form.set("video", new Blob([await readFile(video)]), "clip.mp4");
    const uploaded = await fetch(`${ts.baseUrl}/api/video/process?workspaceId=${shared}`, {
      method: "POST",
      body: form,
      headers: { cookie: owner.cookie },
    });
    expect(uploaded.status).toBe(201);
    const project = ((await uploaded.json()) as { _id: string })._id;

    const linkOf = async (cookie: string) =>
      (await api(ts.baseUrl, cookie, "GET", `/api/video/${project}`)).body.originalVideoUrl as string;
    const memberLink = await linkOf(member.cookie);
    const ownerLink = await linkOf(owner.cookie);
    expect(new URL(memberLink, ts.baseUrl).searchParams.get("u")).toBe(member.userId);
    const listed = await api(ts.baseUrl, member.cookie, "GET", `/api/video?workspaceId=${shared}`);
    const listLink = listed.body[0].originalVideoUrl as string;
    const status = async (link: string) => (await fetch(`${ts.baseUrl}${link}`)).status;
    expect(await status(memberLink)).toBe(200);
    expect(await status(listLink)).toBe(200);
    expect(await status(ownerLink)).toBe(200);

    // the member's link cannot be made the owner's: u is inside the signature
    const forged = new URL(memberLink, ts.baseUrl);
    forged.searchParams.set("u", owner.userId);
    expect(await status(forged.pathname + forged.search)).toBe(403);
    forged.searchParams.delete("u");
    expect(await status(forged.pathname + forged.search)).toBe(403);

    const removed = await api(
      ts.baseUrl,
      owner.cookie,
      "DELETE",
      `/api/workspaces/${shared}/members/${member.userId}`,
    );
    expect(removed.status).toBe(204);
    const refused = await fetch(`${ts.baseUrl}${memberLink}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect(await status(listLink)).toBe(403);
    expect(await status(ownerLink)).toBe(200);
  });
});
