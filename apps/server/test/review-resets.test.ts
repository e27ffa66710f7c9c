// A review that means what it says (#56): any change of an approved or in-review translation's text or
// timing (an edit, a translation made again, a line fix, subtitles imported) sends it back to draft with
// who and why; whoever made the last change does not approve it, whatever their role; a workspace that
// dubs only approved translations dubs nothing else, the "translate and dub" batch and a line fix included.
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translations, workspaceMembers } from "../src/db/schema.ts";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually, startAndWait, waitForStatus } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";

const tmp = tempFolder("review-resets-");
let video: string;
beforeAll(() => {
  video = makeVideo(tmp.path, "mp4", { seconds: 6 });
});

const DIALOGUE =
  "1\n00:00:00,500 --> 00:00:02,000\nGood morning.\n\n2\n00:00:02,500 --> 00:00:04,000\nSee you.\n";
const SPANISH = "WEBVTT\n\n00:00.500 --> 00:02.000\nBuenos días.\n\n00:02.500 --> 00:04.000\nHasta luego.\n";

describe.each(MODES)("review resets (%s)", (mode) => {
  const answers = documentedAnswers();
  let ts: TestServer;
  let ws: string;
  let project: string;
  const who = new Map<string, { cookie: string; email: string }>();

  beforeAll(async () => {
    ts = await startTestServer(mode);
    await answers.start(ts.baseUrl);
    const ownerEmail = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const owner = await ts.signIn(ownerEmail);
    who.set("owner", { cookie: owner.cookie, email: ownerEmail });
    ws = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Reviewed" })).body.id;
    for (const role of ["reviewer", "editor"] as const) {
      const email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const member = await ts.signIn(email);
      await ts.server.database.db
        .insert(workspaceMembers)
        .values({ workspaceId: ws, userId: member.userId, role });
      who.set(role, { cookie: member.cookie, email });
    }
    // the subtitles are the transcript (nothing to transcribe); the editor's machine translation
    const form = new FormData();
    form.set("title", "Reviewed");
    form.set("subtitles", new Blob([DIALOGUE]), "dialogue.srt");
    form.set("video", new Blob([new Uint8Array(await readFile(video))]), "clip.mp4");
    const res = await fetch(`${ts.baseUrl}/api/video/process?workspaceId=${ws}`, {
      method: "POST",
      body: form,
      headers: { cookie: who.get("editor")!.cookie },
    });
    project = ((await res.json()) as { _id: string })._id;
    await waitForStatus(ts.baseUrl, owner.cookie, project, ["ready"]);
    const translated = await startAndWait(
      ts.baseUrl,
      who.get("editor")!.cookie,
      project,
      "translate",
      "es",
      120,
    );
    expect(translated.body?.status, JSON.stringify(translated.body)).toBe("translated");
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  const as = (name: string, method: string, url: string, body?: unknown) =>
    api(ts.baseUrl, who.get(name)!.cookie, method, url, body);
  const status = (name: string, to: string) =>
    as(name, "PUT", `/api/video/${project}/translations/es/status`, { status: to });
  const spanish = async () => (await as("owner", "GET", `/api/video/${project}/translations`)).body.es;
  const dubOnlyApproved = async (on: boolean) =>
    expect((await as("owner", "PUT", `/api/workspaces/${ws}`, { dubOnlyApproved: on })).status).toBe(200);
  /** Sent for review by the editor, approved by the reviewer. */
  const approve = async () => {
    if ((await spanish()).review.status !== "in_review")
      expect((await status("editor", "in_review")).status).toBe(200);
    const approved = await status("reviewer", "approved");
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  };
  const saveText = (name: string, text: string, transcript?: { text: string }[]) =>
    spanish().then((es) =>
      as(name, "PUT", `/api/video/${project}/translation`, {
        language: "es",
        transcript: (transcript ?? es.transcript).map((s: { text: string }, i: number) =>
          i === 0 ? { ...s, text } : s,
        ),
      }),
    );
  /** The newest activity entry of `action` (the route records the save itself after the reset). */
  const lastActivity = async (action: string) =>
    (await as("owner", "GET", `/api/video/${project}/activity`)).body.activity.find(
      (e: { action: string }) => e.action === action,
    );

  it("the editor who made the text cannot approve it; a reviewer can, and the same text saved again keeps it", async () => {
    // each caller is told whether the last change is theirs (the review bar holds Approve back then)
    const editedByYou = async (name: string) =>
      (await as(name, "GET", `/api/video/${project}/translations`)).body.es.review.editedByYou;
    expect([await editedByYou("editor"), await editedByYou("reviewer"), await editedByYou("owner")]).toEqual([
      true,
      false,
      false,
    ]);
    expect((await status("editor", "in_review")).body.editedByYou).toBe(true);
    const own = await status("editor", "approved");
    expect([own.status, own.body.error?.code]).toEqual([403, "forbidden"]);
    expect(own.body.error.message).toMatch(/You made the last change/);
    expect((await spanish()).review.status).toBe("in_review");
    await approve();
    const es = await spanish();
    expect((await saveText("editor", es.transcript[0].text)).body.review.status).toBe("approved");
  });

  it("an edit after approval: back to draft with who and why (review and activity), and the dub is refused", async () => {
    await dubOnlyApproved(true);
    const saved = await saveText("editor", "Buenos días a todos.");
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.review).toMatchObject({
      status: "draft",
      by: who.get("editor")!.email,
      note: "Text edited while it was approved: back to draft.",
    });
    expect(await lastActivity("review:draft")).toMatchObject({
      action: "review:draft",
      actor: who.get("editor")!.email,
      note: "Text edited while it was approved: back to draft.",
    });
    const dub = await as("editor", "POST", `/api/video/${project}/dub`, { language: "es" });
    expect([dub.status, dub.body.error?.code]).toEqual([409, "conflict"]);
    // a change of timing alone counts too, and in review as well as approved
    await status("editor", "in_review");
    const es = await spanish();
    const later = es.transcript.map((s: { start: number; end: number }, i: number) =>
      i === 1 ? { ...s, end: s.end - 100 } : s,
    );
    const timed = await as("editor", "PUT", `/api/video/${project}/translation`, {
      language: "es",
      transcript: later,
    });
    expect(timed.body.review).toMatchObject({
      status: "draft",
      note: "Text edited while it was in review: back to draft.",
    });
    await dubOnlyApproved(false);
  });

  it("an owner approves someone else's change, not their own", async () => {
    expect((await saveText("owner", "Buenos días, señores.")).status).toBe(200);
    await status("editor", "in_review");
    const own = await status("owner", "approved");
    expect([own.status, own.body.error?.code]).toEqual([403, "forbidden"]);
    await approve();
    expect((await saveText("editor", "Buenos días.")).body.review.status).toBe("draft");
    await status("editor", "in_review");
    expect((await status("owner", "approved")).body.status).toBe("approved");
  });

  it("a translation made again: back to draft when it starts, its text the one who asked for it", async () => {
    const started = await as("editor", "POST", `/api/video/${project}/translate`, { language: "es" });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.translation.review).toMatchObject({
      status: "draft",
      by: who.get("editor")!.email,
      note: "Translated again while it was approved: back to draft.",
    });
    await eventually("the translation done", async () => (await spanish()).status === "translated");
    await status("editor", "in_review");
    expect((await status("editor", "approved")).status).toBe(403);
  });

  it("subtitles imported into the translation: back to draft", async () => {
    await approve();
    const form = new FormData();
    form.set("subtitles", new Blob([SPANISH]), "es.vtt");
    const res = await fetch(`${ts.baseUrl}/api/video/${project}/subtitles/es`, {
      method: "POST",
      body: form,
      headers: { cookie: who.get("editor")!.cookie },
    });
    const body = (await res.json()) as { review: Record<string, unknown> };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.review).toMatchObject({
      status: "draft",
      note: "Subtitles imported while it was approved: back to draft.",
    });
  });

  it("a line fix: refused where only approved translations are dubbed; elsewhere saved, back to draft", async () => {
    const db = ts.server.database.db;
    await approve();
    // the report card of a dub (the fix needs its line 1), without dubbing here
    await db
      .update(translations)
      .set({
        dubReport: {
          totals: {
            segments: 2,
            dubbed: 2,
            tooLong: 0,
            resynthesized: 2,
            cached: 0,
            maxSpeed: 1,
            atMost1_3: 2,
          },
          segments: [],
          lines: [{ index: 0, status: "warn", checks: [] }],
        },
      })
      .where(eq(translations.projectId, project));
    const before = await spanish();
    await dubOnlyApproved(true);
    const fix = () =>
      as("editor", "POST", `/api/video/${project}/translations/es/lines/0/fix`, { fix: "borrow-silence" });
    const refused = await fix();
    expect([refused.status, refused.body.error?.code]).toEqual([409, "conflict"]);
    const after = await spanish();
    expect([after.review.status, after.transcript]).toEqual(["approved", before.transcript]);
    await dubOnlyApproved(false);
    const fixed = await fix();
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(202);
    expect(fixed.body.translation.review).toMatchObject({
      status: "draft",
      note: "Line 1 fixed (borrow-silence) while it was approved: back to draft.",
    });
    await eventually("the dub after the fix", async () => (await spanish()).status !== "dubbing");
  });

  it("the batch 'translate and dub' obeys 'dub only approved translations'", async () => {
    await approve();
    await dubOnlyApproved(true);
    const batch = await as("editor", "POST", `/api/video/${project}/dubs`, { languages: ["es"] });
    expect([batch.status, batch.body.error?.code]).toEqual([409, "conflict"]);
    const es = await spanish();
    expect([es.status, es.review.status]).not.toContain("translating");
    expect(es.review.status).toBe("approved");
    await dubOnlyApproved(false);
  });

  it("answers only what the API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
