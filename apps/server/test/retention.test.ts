import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storyboards } from "../src/db/schema.ts";
import { VideoRepository } from "../src/projects/repository.ts";
import { TranslationRepository } from "../src/projects/translation-repository.ts";
import { OfflineImageLibrary, parseOfflineImageUrl } from "../src/storyboards/images.ts";
import { runRetention } from "../src/workers/retention.ts";
import { makeVideo } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";
import { storedProjectIds } from "./storage-helpers.ts";

let fixtures: string;
beforeAll(async () => {
  fixtures = await mkdtemp(path.join(os.tmpdir(), "dub-retention-"));
});
afterAll(async () => {
  await rm(fixtures, { recursive: true, force: true });
});

describe.each(MODES)("retention (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("deletes projects older than 30 days with their files, and keeps the others", async () => {
    const { cookie } = await ts.signIn();
    const file = makeVideo(fixtures, "mp4", { audio: false });
    const old = (await upload(ts.baseUrl, cookie, file, "Old")).body;
    const fresh = (await upload(ts.baseUrl, cookie, makeVideo(fixtures, "mp4", { audio: false }), "Fresh"))
      .body;
    await waitForStatus(ts.baseUrl, cookie, old._id, ["ready"]);
    await waitForStatus(ts.baseUrl, cookie, fresh._id, ["ready"]);

    const db = ts.server.database.db;
    const repo = new VideoRepository(db);
    const now = new Date();
    await repo.setState(old._id, { uploadedAt: new Date(now.getTime() - 31 * 86_400_000) });
    await repo.setState(fresh._id, { uploadedAt: new Date(now.getTime() - 29 * 86_400_000) });

    const deleted = await runRetention(
      {
        repo,
        translations: new TranslationRepository(db),
        storage: ts.server.storage,
        cacheDir: path.join(ts.dataDir, "cache"),
      },
      now,
    );
    expect(deleted).toBe(1);
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${old._id}`)).status).toBe(404);
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${fresh._id}`)).status).toBe(200);
    const stored = await storedProjectIds(ts, ts.server.storage);
    expect(stored.has(old._id)).toBe(false);
    expect(stored.has(fresh._id)).toBe(true);
  });

  it("deletes storyboards older than 30 days", async () => {
    const { cookie } = await ts.signIn();
    const make = async (title: string) =>
      (
        await api(ts.baseUrl, cookie, "POST", "/api/storyboard", {
          title,
          transcript: "A short story about the sea.",
        })
      ).body._id as string;
    const old = await make("Old board");
    const fresh = await make("Fresh board");
    const db = ts.server.database.db;
    const now = new Date();
    await db
      .update(storyboards)
      .set({ createdAt: new Date(now.getTime() - 31 * 86_400_000) })
      .where(eq(storyboards.id, old));
    await runRetention(
      {
        repo: new VideoRepository(db),
        translations: new TranslationRepository(db),
        storage: ts.server.storage,
        cacheDir: path.join(ts.dataDir, "cache"),
      },
      now,
    );
    expect((await api(ts.baseUrl, cookie, "GET", `/api/storyboard/${old}`)).status).toBe(404);
    expect((await api(ts.baseUrl, cookie, "GET", `/api/storyboard/${fresh}`)).status).toBe(200);
  });

  it("clears the service's storyboard illustrations once they are a week old", async () => {
    const { cookie } = await ts.signIn();
    const board = (
      await api(ts.baseUrl, cookie, "POST", "/api/storyboard", {
        title: "Sea",
        transcript: "Waves on the sea.",
      })
    ).body;
    const url = board.frames[0].pexelImages[0].medium as string;
    const image = async () => {
      const res = await fetch(`${ts.baseUrl}${url}`, { headers: { cookie } });
      await res.arrayBuffer();
      return res.status;
    };
    expect(await image()).toBe(200);
    const parsed = parseOfflineImageUrl(url)!;
    const key = OfflineImageLibrary.key(parsed.variant, parsed.query);
    expect(await ts.server.storage.stat(key)).not.toBeNull();

    const db = ts.server.database.db;
    const deps = {
      repo: new VideoRepository(db),
      translations: new TranslationRepository(db),
      storage: ts.server.storage,
      cacheDir: path.join(ts.dataDir, "cache"),
    };
    const now = new Date();
    await runRetention(deps, now);
    expect(await ts.server.storage.stat(key)).not.toBeNull();
    await runRetention(deps, new Date(now.getTime() + 8 * 86_400_000));
    expect(await ts.server.storage.stat(key)).toBeNull();
  });
});
