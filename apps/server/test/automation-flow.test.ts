// The automation story whole: a script with an API key and no cookie imports a video from a link (a local web
// site), waits for the transcript, translates and dubs it into two languages in one call, receives the
// signed `dub.completed` webhooks at a local receiver (checked with the Standard Webhooks reference
// library), and is refused at once when its key is revoked. Both database modes.
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, projects } from "../src/db/schema.ts";
import { tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually } from "./http.ts";
import { startMediaSite } from "./media-site.ts";
import { documentedAnswers } from "./openapi-check.ts";
import { startReceiver } from "./receiver.ts";

const tmp = tempFolder("dub-automation-");
let site: Awaited<ReturnType<typeof startMediaSite>>;
beforeAll(async () => {
  site = await startMediaSite(makeDialogue(tmp.path, DIALOGUE.slice(0, 2)).video);
});
afterAll(() => site?.close());

describe.each(MODES)("automation with an API key (%s)", (mode) => {
  // Every answer is checked against the API description the server publishes: an undocumented field or status fails.
  const answers = documentedAnswers();
  let ts: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // the receiver and the media site are on loopback: allowed here, refused by default
    ts = await startTestServer(mode, { WEBHOOKS_ALLOW_PRIVATE: "true", IMPORT_ALLOW_PRIVATE: "127.0.0.1" });
    await answers.start(ts.baseUrl);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
    await receiver?.close();
  });

  it("imports a link, batch-dubs into two languages, gets signed dub.completed webhooks; a revoked key is refused", async () => {
    const owner = await ts.signIn();
    const made = await api(ts.baseUrl, owner.cookie, "POST", "/api/account/keys", {
      name: "pipeline",
      scope: "read+write",
    });
    const auth = { authorization: `Bearer ${made.body.secret}` };
    const call = (method: string, url: string, body?: unknown) =>
      api(ts.baseUrl, null, method, url, body, auth);

    const hook = await call("POST", "/api/webhooks", {
      url: `${receiver.url}/dubs`,
      events: ["dub.completed", "dub.failed", "translation.completed"],
    });
    expect(hook.status).toBe(201);

    const imported = await call("POST", "/api/video/process", {
      title: "Automated",
      url: `${site.url}/clip.mp4`,
    });
    expect(imported.status).toBe(201);
    expect(imported.body.sourceUrl).toBe(`${site.url}/clip.mp4`);
    const id = imported.body._id as string;
    const ready = await eventually("the transcript", async () => {
      const { body } = await call("GET", `/api/video/${id}`);
      return body.status === "ready" && body;
    });
    expect(ready.transcript.length).toBeGreaterThan(0);

    const batch = await call("POST", `/api/video/${id}/dubs`, { languages: ["es", "fr"] });
    expect(batch.status).toBe(202);
    expect(batch.body.dubs.map((d: { language: string }) => d.language)).toEqual(["es", "fr"]);
    expect(batch.body.dubs.every((d: { job: { kind: string } }) => d.job.kind === "translate")).toBe(true);

    const completed = await eventually(
      "two dub.completed webhooks",
      async () => {
        const dubs = receiver.received.filter((r) => JSON.parse(r.body).type.startsWith("dub."));
        return dubs.length >= 2 && dubs;
      },
      300_000,
    );
    const verifier = new Webhook(hook.body.secret);
    const payloads = completed.map((r) => verifier.verify(r.body, r.headers) as Record<string, any>);
    expect(payloads.map((p) => p.type)).toEqual(["dub.completed", "dub.completed"]);
    expect(payloads.map((p) => p.data.language).sort()).toEqual(["es", "fr"]);
    for (const p of payloads) {
      expect(p.data.projectId).toBe(id);
      const res = await fetch(p.data.videoUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("video/mp4");
      await res.body?.cancel();
      expect(p.data.audioUrl).toMatch(/^http/);
      expect(p.data.subtitlesUrl).toMatch(/^http/);
    }
    // per project in order: each language's translation.completed came before its dub.completed
    const types = receiver.received.map(
      (r) => JSON.parse(r.body) as { type: string; data: { language: string } },
    );
    for (const language of ["es", "fr"]) {
      const of = types.filter((t) => t.data.language === language).map((t) => t.type);
      expect(of).toEqual(["translation.completed", "dub.completed"]);
    }

    const revoked = await api(ts.baseUrl, owner.cookie, "DELETE", `/api/account/keys/${made.body.key.id}`);
    expect(revoked.status).toBe(204);
    expect((await call("GET", `/api/video/${id}`)).status).toBe(401);
  });

  it("refuses a batch that names an unknown language or is larger than allowed, before starting anything", async () => {
    const owner = await ts.signIn();
    // a project of the caller's (the access check comes first: another's, or none, is a 404)
    const [project] = await ts.server.database.db
      .insert(projects)
      .values({
        ...{ userId: owner.userId, workspaceId: owner.userId, title: "Batch", status: "ready" },
        ...{ originalKey: "x", originalName: "x.mp4", sizeBytes: 1 },
      })
      .returning();
    const batch = (id: string, body: unknown) =>
      api(ts.baseUrl, owner.cookie, "POST", `/api/video/${id}/dubs`, body);
    for (const body of [
      { languages: [] },
      { languages: ["es", "es"] },
      { languages: Array.from({ length: 11 }, (_, i) => `l${i}`) },
    ]) {
      const res = await batch(project!.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await batch("00000000-0000-4000-8000-000000000000", { languages: ["es"] })).status).toBe(404);
    const started = await ts.server.database.db.select().from(jobs).where(eq(jobs.projectId, project!.id));
    expect(started).toEqual([]);
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
