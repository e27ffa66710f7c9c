// Users own their data: rename and delete projects, translations and storyboards, download everything as a
// ZIP, close the account. Against the real server, queue and store, in both modes; the store is listed
// directly to prove nothing is left.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { identitySchema } from "@dubbing/identity-server";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, projects, segments, translations, users } from "../src/db/schema.ts";
import { sweepOrphanObjects } from "../src/deletion/sweep.ts";
import type { S3Storage } from "../src/storage/s3.ts";
import { subtitlesOf, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually, startAndWait, upload, waitForStatus } from "./http.ts";
import { signInByLink } from "./identity.ts";
import { documentedAnswers } from "./openapi-check.ts";
import { readZip } from "./zip.ts";

const tmp = tempFolder("dub-own-");
let video: string;
/**
 * The short video's lines as subtitles: what these tests own, rename, delete and export is the project,
 * not how its speech is heard, so it comes ready without a recognition (or the stems a recognition
 * separates); the doomed dub's project alone is transcribed, and its stems are deleted with it.
 */
let subtitles: File;
/** The whole dialogue, for the dub that is deleted while it runs (long enough to be caught running). */
let longVideo: string;
beforeAll(() => {
  const short = makeDialogue(tmp.path, DIALOGUE.slice(0, 2), { name: "short" });
  video = short.video;
  subtitles = subtitlesOf(short.truth);
  longVideo = makeDialogue(tmp.path, DIALOGUE).video;
});

/** Every key in the store under `prefix`, read straight from the disk or the bucket. */
async function storedKeys(ts: TestServer, prefix: string): Promise<string[]> {
  const storage = ts.server.storage;
  if (storage.kind === "local") {
    const root = path.join(ts.dataDir, "storage");
    const dir = path.join(root, prefix);
    if (!existsSync(dir)) return [];
    const files = await readdir(dir, { recursive: true, withFileTypes: true });
    return files.filter((f) => f.isFile()).map((f) => path.relative(root, path.join(f.parentPath, f.name)));
  }
  const s3 = storage as S3Storage;
  const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

/** The queue's own state of a job: `completed` means its handler returned without an error. */
async function queueState(ts: TestServer, queueJobId: string): Promise<string | undefined> {
  const result = (await ts.server.database.db.execute(
    sql`SELECT state FROM pgboss.job WHERE id = ${queueJobId}::uuid`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows[0]?.state;
}

describe.each(MODES)("owning your data (%s)", (mode) => {
  // Every answer is checked against the API description the server publishes: an undocumented field or status fails.
  const answers = documentedAnswers();
  let ts: TestServer;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    ts = await startTestServer(mode);
    await answers.start(ts.baseUrl);
    alice = await ts.signIn();
    bob = await ts.signIn();
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  const ready = async (cookie: string, title: string, file = video) => {
    const fields: Record<string, File> = file === video ? { subtitles } : {};
    const id = (await upload(ts.baseUrl, cookie, file, title, fields)).body._id as string;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    return id;
  };

  it("renames a project with the rules of create, and hides another user's project on every new route", async () => {
    const id = await ready(alice.cookie, "First name");
    const renamed = await api(ts.baseUrl, alice.cookie, "PATCH", `/api/video/${id}`, {
      title: "  New name ",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("New name");
    for (const title of ["   ", "x".repeat(201)]) {
      const bad = await api(ts.baseUrl, alice.cookie, "PATCH", `/api/video/${id}`, { title });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].path).toBe("title");
    }
    const board = (
      await api(ts.baseUrl, alice.cookie, "POST", "/api/storyboard", {
        title: "Board",
        transcript: "The ocean is wide. Whales swim far.",
      })
    ).body;
    for (const [method, url, body] of [
      ["PATCH", `/api/video/${id}`, { title: "Mine now" }],
      ["DELETE", `/api/video/${id}`, undefined],
      ["DELETE", `/api/video/${id}/translations/es`, undefined],
      ["PATCH", `/api/storyboard/${board._id}`, { title: "Mine now" }],
      ["DELETE", `/api/storyboard/${board._id}`, undefined],
    ] as const) {
      const res = await api(ts.baseUrl, bob.cookie, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${id}`)).body.title).toBe("New name");
    const storyboard = await api(ts.baseUrl, alice.cookie, "PATCH", `/api/storyboard/${board._id}`, {
      title: "Renamed board",
    });
    expect(storyboard.body.title).toBe("Renamed board");
  });

  it("deletes a project while its dub runs: the job ends without error, no row and no object is left", async () => {
    const id = await ready(alice.cookie, "Doomed", longVideo);
    expect((await startAndWait(ts.baseUrl, alice.cookie, id, "translate", "es", 120)).body.status).toBe(
      "translated",
    );
    const [translation] = await ts.server.database.db
      .select()
      .from(translations)
      .where(eq(translations.projectId, id));
    const started = await api(ts.baseUrl, alice.cookie, "POST", `/api/video/${id}/dub`, { language: "es" });
    expect(started.status).toBe(202);
    const [job] = await ts.server.database.db.select().from(jobs).where(eq(jobs.id, started.body.job.id));
    // deleted mid-run: once the dub has written progress
    await eventually("the dub to run", async () => {
      const t = (await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${id}/translations`)).body.es;
      return t.progress > 0 || t.status !== "dubbing";
    });
    const deleted = await api(ts.baseUrl, alice.cookie, "DELETE", `/api/video/${id}`);
    expect(deleted.status).toBe(204);
    expect((await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${id}`)).status).toBe(404);
    const state = await eventually("the dub job to end", async () => {
      const s = await queueState(ts, job!.queueJobId!);
      return s === "completed" || s === "failed" || s === "retry" ? s : null;
    });
    expect(state).toBe("completed");
    // gone now, or once the purge job has run (a delete racing the job's own writes may leave it to the job)
    let left: string[] = [];
    await eventually(
      "no object under the project",
      async () => {
        left = await storedKeys(ts, `projects/${id}/`);
        return left.length === 0;
      },
      30_000,
    ).catch(() => {}); // the assertion below names what is left
    expect(left).toEqual([]);
    expect(existsSync(path.join(ts.dataDir, "cache", "dubs", translation!.id))).toBe(false);
    const db = ts.server.database.db;
    expect(await db.select().from(projects).where(eq(projects.id, id))).toEqual([]);
    expect(await db.select().from(segments).where(eq(segments.projectId, id))).toEqual([]);
    expect(await db.select().from(translations).where(eq(translations.projectId, id))).toEqual([]);
    expect(await db.select().from(jobs).where(eq(jobs.projectId, id))).toEqual([]);
    // The same delete again: the project is gone.
    expect((await api(ts.baseUrl, alice.cookie, "DELETE", `/api/video/${id}`)).status).toBe(404);
  });

  it("deletes one translation with its dubbed files and clip cache, and the storage the plan counts drops", async () => {
    const id = await ready(alice.cookie, "Two languages");
    for (const language of ["es", "fr"]) {
      await startAndWait(ts.baseUrl, alice.cookie, id, "translate", language, 120);
      expect(
        (await startAndWait(ts.baseUrl, alice.cookie, id, "dub", language, 120)).body.translation.status,
      ).toBe("dubbed");
    }
    const [es] = await ts.server.database.db
      .select()
      .from(translations)
      .where(eq(translations.language, "es"));
    expect((await storedKeys(ts, `projects/${id}/dubs/es/`)).length).toBeGreaterThan(0);
    const res = await api(ts.baseUrl, alice.cookie, "DELETE", `/api/video/${id}/translations/es`);
    expect(res.status).toBe(204);
    const left = (await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${id}/translations`)).body;
    expect(Object.keys(left)).toEqual(["fr"]);
    expect(await storedKeys(ts, `projects/${id}/dubs/es/`)).toEqual([]);
    expect((await storedKeys(ts, `projects/${id}/dubs/fr/`)).length).toBeGreaterThan(0);
    expect(existsSync(path.join(ts.dataDir, "cache", "dubs", es!.id))).toBe(false);
    expect((await api(ts.baseUrl, alice.cookie, "DELETE", `/api/video/${id}/translations/es`)).status).toBe(
      404,
    );

    const before = (await api(ts.baseUrl, alice.cookie, "GET", "/api/usage")).body;
    const size = (await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${id}`)).body.sizeBytes;
    expect((await api(ts.baseUrl, alice.cookie, "DELETE", `/api/video/${id}`)).status).toBe(204);
    const after = (await api(ts.baseUrl, alice.cookie, "GET", "/api/usage")).body;
    expect(after.storage.usedBytes).toBe(before.storage.usedBytes - size);
    // minutes already used stay used
    expect(after.transcribedSeconds).toBe(before.transcribedSeconds);
    expect(after.dubbedSeconds).toBe(before.dubbedSeconds);
  });

  it("deletes a storyboard with its generated video", async () => {
    const board = (
      await api(ts.baseUrl, alice.cookie, "POST", "/api/storyboard", {
        title: "Short",
        transcript: "Waves roll in.",
      })
    ).body;
    await api(ts.baseUrl, alice.cookie, "POST", `/api/storyboard/${board._id}/generate-video`);
    await eventually("the storyboard video", async () => {
      const b = (await api(ts.baseUrl, alice.cookie, "GET", `/api/storyboard/${board._id}`)).body;
      return b.status !== "generating";
    });
    expect((await storedKeys(ts, `storyboards/${board._id}/`)).length).toBe(1);
    expect((await api(ts.baseUrl, alice.cookie, "DELETE", `/api/storyboard/${board._id}`)).status).toBe(204);
    expect(await storedKeys(ts, `storyboards/${board._id}/`)).toEqual([]);
    expect((await api(ts.baseUrl, alice.cookie, "GET", `/api/storyboard/${board._id}`)).status).toBe(404);
  });

  it("leaves files the store refused to a purge job, and the sweep removes folders no row owns", async () => {
    const id = await ready(alice.cookie, "Store down");
    const storage = ts.server.storage;
    const deletePrefix = storage.deletePrefix.bind(storage);
    let refused = 0;
    storage.deletePrefix = async (prefix: string) => {
      if (refused++ === 0) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      return deletePrefix(prefix);
    };
    try {
      expect((await api(ts.baseUrl, alice.cookie, "DELETE", `/api/video/${id}`)).status).toBe(204);
      await eventually(
        "the purge job",
        async () => (await storedKeys(ts, `projects/${id}/`)).length === 0,
        60_000,
      );
    } finally {
      storage.deletePrefix = deletePrefix;
    }
    expect(refused).toBeGreaterThanOrEqual(2);

    // An object under a project id with no row (a process killed mid-delete), and a live project's files.
    const orphan = randomUUID();
    const file = path.join(tmp.path, `${orphan}.txt`);
    await writeFile(file, "left behind");
    await storage.putFile(`projects/${orphan}/poster.jpg`, file);
    const live = await ready(alice.cookie, "Live");
    const later = new Date(Date.now() + 2 * 3600_000);
    expect(await sweepOrphanObjects(ts.server.database.db, storage, later)).toBe(1);
    expect(await storedKeys(ts, `projects/${orphan}/`)).toEqual([]);
    expect((await storedKeys(ts, `projects/${live}/`)).length).toBeGreaterThan(0);
  });

  it("exports everything as a ZIP whose transcript is the editor's, and closes the account for good", async () => {
    const email = `carol-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signInByLink(ts, email);
    expect(cookie).toBeTruthy();
    const id = await ready(cookie!, "Carol's talk");
    await startAndWait(ts.baseUrl, cookie!, id, "translate", "es", 120);
    const editor = (await api(ts.baseUrl, cookie!, "GET", `/api/video/${id}`)).body;

    const account = (await api(ts.baseUrl, cookie!, "GET", "/api/account")).body;
    expect(account.email).toBe(email);
    expect(account.signInMethods.emails).toEqual([email]);
    const estimate = (await api(ts.baseUrl, cookie!, "GET", "/api/account/export/estimate")).body;
    expect(estimate.projects).toBe(1);
    expect(estimate.estimatedBytes).toBeGreaterThan(1000);
    const glossary = [{ term: "Carol", keep: true }];
    expect((await api(ts.baseUrl, cookie!, "PUT", "/api/account/glossary", { glossary })).status).toBe(200);
    const started = await api(ts.baseUrl, cookie!, "POST", "/api/account/export");
    expect(started.status).toBe(202);
    const twice = await api(ts.baseUrl, cookie!, "POST", "/api/account/export");
    expect(twice.body.export.id).toBe(started.body.export.id);
    const done = await eventually("the export", async () => {
      const e = (await api(ts.baseUrl, cookie!, "GET", "/api/account/export")).body.export;
      return e.status === "ready" || e.status === "failed" ? e : null;
    });
    expect(done.status, done.message).toBe("ready");
    const zip = await fetch(`${ts.baseUrl}${done.url}`);
    expect(zip.status).toBe(200);
    const zipFile = path.join(tmp.path, `${mode}-data.zip`);
    await writeFile(zipFile, Buffer.from(await zip.arrayBuffer()));
    const files = await readZip(zipFile);
    expect(Number(zip.headers.get("content-length"))).toBe(done.sizeBytes);
    const projectJson = [...files.keys()].find((name) => name.endsWith("/project.json"))!;
    expect(projectJson).toMatch(/^projects\/Carol-s-talk-[0-9a-f]{8}\/project\.json$/);
    const exported = JSON.parse(files.get(projectJson)!.toString());
    expect(exported.transcript).toEqual(editor.transcript);
    expect(exported.speakers).toEqual(editor.speakers);
    const folder = path.dirname(projectJson);
    expect(files.has(`${folder}/translations/es.json`)).toBe(true);
    expect(files.get(`${folder}/transcript.srt`)!.toString()).toContain(editor.transcript[0].text);
    expect(exported).toMatchObject({ speakerCount: null, glossary: [] });
    expect(JSON.parse(files.get("account.json")!.toString())).toMatchObject({ email, glossary });

    // Closing the account: the typed email must match.
    const wrong = await api(ts.baseUrl, cookie!, "DELETE", "/api/account", { email: "someone@else.com" });
    expect(wrong.status).toBe(400);
    const [appUser] = await ts.server.database.db.select().from(users).where(eq(users.email, email));
    const closed = await api(ts.baseUrl, cookie!, "DELETE", "/api/account", {
      email: ` ${email.toUpperCase()} `,
    });
    expect(closed.status).toBe(204);
    expect((await api(ts.baseUrl, cookie!, "GET", "/api/video")).status).toBe(401);
    const db = ts.server.database.db;
    expect(await db.select().from(users).where(eq(users.id, appUser!.id))).toEqual([]);
    const identityUsers = await db
      .select()
      .from(identitySchema.identityUsers)
      .where(eq(identitySchema.identityUsers.id, appUser!.identityUserId!));
    expect(identityUsers).toEqual([]);
    expect(await storedKeys(ts, `projects/${id}/`)).toEqual([]);
    expect(await storedKeys(ts, `exports/${appUser!.id}/`)).toEqual([]);

    // Signing in again with the same email starts a new, empty account.
    const again = await signInByLink(ts, email);
    expect(again).toBeTruthy();
    expect((await api(ts.baseUrl, again!, "GET", "/api/video")).body).toEqual([]);
    const [fresh] = await db.select().from(users).where(eq(users.email, email));
    expect(fresh!.id).not.toBe(appUser!.id);
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
