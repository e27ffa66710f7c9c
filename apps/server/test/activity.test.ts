// The project's activity: who saved the transcript, started a translation, reviewed or commented, written
// by the request that did it and read newest first by anyone in the workspace.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, speakers, users, workspaceMembers } from "../src/db/schema.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";

describe.each(MODES)("activity (%s)", (mode) => {
  const answers = documentedAnswers();
  let ts: TestServer;
  let project: string;
  const cookies = new Map<string, string>();
  const emails = new Map<string, string>();

  beforeAll(async () => {
    ts = await startTestServer(mode);
    await answers.start(ts.baseUrl);
    const db = ts.server.database.db;
    for (const who of ["owner", "editor", "viewer", "stranger"]) {
      const email = `${who}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const user = await ts.signIn(email);
      cookies.set(who, user.cookie);
      emails.set(who, email);
      if (who === "owner") {
        const ws = (await api(ts.baseUrl, user.cookie, "POST", "/api/workspaces", { name: "Team" })).body.id;
        // a ready project (no media: the transcript's lines are typed in)
        const [row] = await db
          .insert(projects)
          .values({
            userId: user.userId,
            workspaceId: ws,
            title: "Team video",
            status: "ready",
            language: "en",
            originalKey: "x",
            originalName: "x.mp4",
            sizeBytes: 1,
            durationMs: 10_000,
          })
          .returning();
        project = row!.id;
        await db
          .insert(speakers)
          .values({ projectId: project, id: "s1", position: 0, name: "Ana", selectedVoice: "v" });
        cookies.set("workspace", ws);
      } else if (who !== "stranger") {
        const role = who as "editor" | "viewer";
        await db
          .insert(workspaceMembers)
          .values({ workspaceId: cookies.get("workspace")!, userId: user.userId, role });
      }
    }
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  const as = (who: string, method: string, url: string, body?: unknown) =>
    api(ts.baseUrl, cookies.get(who)!, method, url, body);
  const activity = async (who: string) =>
    (await as(who, "GET", `/api/video/${project}/activity`)).body.activity;

  it("records who did what, newest first; a refused or title-only change records nothing", async () => {
    const line = { speaker: "s1", text: "Hello there", start: 0, end: 2000 };
    expect(
      (await as("editor", "PUT", `/api/video/${project}/transcript`, { transcript: [line] })).status,
    ).toBe(200);
    expect((await as("owner", "PUT", `/api/video/${project}`, { title: "Renamed" })).status).toBe(200);
    expect((await as("owner", "PUT", `/api/video/${project}`, { transcript: [line] })).status).toBe(200);
    expect((await as("editor", "POST", `/api/video/${project}/translate`, { language: "es" })).status).toBe(
      202,
    );
    expect((await as("viewer", "POST", `/api/video/${project}/translate`, { language: "es" })).status).toBe(
      403,
    );
    // nothing is approved while its text is being made (review/approver.ts)
    await eventually("the translation done", async () => {
      const es = (await as("owner", "GET", `/api/video/${project}/translations`)).body.es;
      return es.status !== "translating" && es;
    });
    const sent = await as("editor", "PUT", `/api/video/${project}/translations/es/status`, {
      status: "in_review",
    });
    expect(sent.status).toBe(200);
    const comment = { language: "es", line: 0, body: "Shorter?" };
    const thread = await as("owner", "POST", `/api/video/${project}/comments`, comment);
    expect(thread.status).toBe(201);
    // a reviewer approves once the threads they opened are resolved (resolving records no activity)
    const resolved = await as("owner", "PUT", `/api/video/${project}/comments/${thread.body.id}`, {
      resolved: true,
    });
    expect(resolved.status).toBe(200);
    const approved = await as("owner", "PUT", `/api/video/${project}/translations/es/status`, {
      status: "approved",
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const list = await activity("viewer");
    expect(
      list.map((a: { actor: string; action: string; language: string | null }) => [
        a.actor,
        a.action,
        a.language,
      ]),
    ).toEqual([
      [emails.get("owner"), "review:approved", "es"],
      [emails.get("owner"), "comment:added", "es"],
      [emails.get("editor"), "review:in_review", "es"],
      [emails.get("editor"), "translation:started", "es"],
      [emails.get("owner"), "transcript:saved", null],
      [emails.get("editor"), "transcript:saved", null],
    ]);
  });

  it("a stranger is told there is no such project; an actor who leaves stays as null", async () => {
    const stranger = await as("stranger", "GET", `/api/video/${project}/activity`);
    expect([stranger.status, stranger.body.error.code]).toEqual([404, "video_not_found"]);
    await ts.server.database.db.delete(users).where(eq(users.email, emails.get("editor")!));
    const actors = (await activity("owner")).map((a: { actor: string | null }) => a.actor);
    expect(actors).toContain(null);
    expect(actors).toContain(emails.get("owner"));
  });

  it("answers only what the API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
