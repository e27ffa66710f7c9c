// Review in a shared workspace: comments on a line of a language (threads, resolved or not), a
// translation's review status (an editor sends it for review, a reviewer approves or sends it back, with
// who and when), and the workspace's "dub only approved translations".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, translations, workspaceMembers } from "../src/db/schema.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";

describe.each(MODES)("review (%s)", (mode) => {
  const answers = documentedAnswers();
  let ts: TestServer;
  let project: string;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    ts = await startTestServer(mode);
    await answers.start(ts.baseUrl);
    const owner = await ts.signIn();
    cookies.set("owner", owner.cookie);
    const ws = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Review" })).body.id;
    const db = ts.server.database.db;
    for (const role of ["viewer", "reviewer", "editor"] as const) {
      const who = await ts.signIn(`${role}-${crypto.randomUUID().slice(0, 8)}@example.com`);
      await db.insert(workspaceMembers).values({ workspaceId: ws, userId: who.userId, role });
      cookies.set(role, who.cookie);
    }
    // a translated project (no media: a dub is refused after the review's check, on its timeline)
    const [row] = await db
      .insert(projects)
      .values({
        userId: owner.userId,
        workspaceId: ws,
        title: "Reviewed",
        status: "ready",
        originalKey: "x",
        originalName: "x.mp4",
        sizeBytes: 1,
        durationMs: 1000,
      })
      .returning();
    project = row!.id;
    await db.insert(translations).values({
      projectId: project,
      language: "es",
      status: "translated",
      transcript: [{ speaker: "s1", text: "Hola", start: 0, end: 5000 }],
    });
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  const as = (who: string, method: string, url: string, body?: unknown) =>
    api(ts.baseUrl, cookies.get(who)!, method, url, body);

  it("comments on a line: a reviewer writes and resolves a thread, a viewer reads it and cannot write", async () => {
    const first = await as("reviewer", "POST", `/api/video/${project}/comments`, {
      language: "es",
      line: 0,
      body: "Too formal?",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ line: 0, parentId: null, resolved: false, body: "Too formal?" });
    const reply = await as("editor", "POST", `/api/video/${project}/comments`, {
      language: "es",
      line: 0,
      body: "Kept it: it is a greeting.",
      parentId: first.body.id,
    });
    expect(reply.body.parentId).toBe(first.body.id);
    expect(
      (await as("viewer", "POST", `/api/video/${project}/comments`, { language: "es", line: 0, body: "x" }))
        .status,
    ).toBe(403);
    const resolved = await as("reviewer", "PUT", `/api/video/${project}/comments/${first.body.id}`, {
      resolved: true,
    });
    expect(resolved.body.resolved).toBe(true);
    const thread = await as("viewer", "GET", `/api/video/${project}/comments?language=es`);
    expect(
      thread.body.comments.map((c: { body: string; resolved: boolean }) => [c.body, c.resolved]),
    ).toEqual([
      ["Too formal?", true],
      ["Kept it: it is a greeting.", false],
    ]);
  });

  it("review status: sent for review by an editor, approved by a reviewer, with who and when; only approved translations are dubbed when the workspace says so", async () => {
    const status = (who: string, to: string) =>
      as(who, "PUT", `/api/video/${project}/translations/es/status`, { status: to });
    expect((await status("reviewer", "approved")).status).toBe(409); // a draft is sent for review first
    expect((await status("reviewer", "in_review")).status).toBe(403);
    expect((await status("viewer", "approved")).status).toBe(403);
    expect((await status("editor", "in_review")).body).toMatchObject({ status: "in_review" });

    const ws = (await as("owner", "GET", "/api/workspaces")).body.workspaces[1].id;
    expect((await as("editor", "PUT", `/api/workspaces/${ws}`, { dubOnlyApproved: true })).status).toBe(403);
    const set = await as("owner", "PUT", `/api/workspaces/${ws}`, { dubOnlyApproved: true });
    expect(set.body.dubOnlyApproved).toBe(true);
    const refused = await as("editor", "POST", `/api/video/${project}/dub`, { language: "es" });
    expect([refused.status, refused.body.error.message]).toEqual([
      409,
      "This workspace dubs only approved translations: a reviewer approves this one first.",
    ]);

    // a reviewer does not approve while a thread they opened is still open
    const open = await as("reviewer", "POST", `/api/video/${project}/comments`, {
      language: "es",
      line: 0,
      body: "Still too formal",
    });
    const blocked = await status("reviewer", "approved");
    expect([blocked.status, blocked.body.error.message]).toEqual([
      409,
      "Resolve your open comment on this translation before approving it.",
    ]);
    await as("reviewer", "PUT", `/api/video/${project}/comments/${open.body.id}`, { resolved: true });
    const approved = await status("reviewer", "approved");
    expect(approved.body).toMatchObject({ status: "approved", by: expect.stringMatching(/^reviewer-/) });
    const listed = await as("viewer", "GET", `/api/video/${project}/translations`);
    expect(listed.body.es.review).toEqual(approved.body);
    // approved: past the review's check (this project's line outruns its video, which the dub refuses next)
    const next = await as("editor", "POST", `/api/video/${project}/dub`, { language: "es" });
    expect(next.status).toBe(400);
  });

  it("answers only what the API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
