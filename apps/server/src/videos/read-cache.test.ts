import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MODES, openTestDatabase } from "../../test/harness.ts";
import { findOrCreateUser } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { projects } from "../db/schema.ts";
import { VideoRepository } from "../projects/repository.ts";
import { startProjectReads } from "./read-cache.ts";

/** A repository that counts the database reads behind the cache. */
function countingRepo(db: Database["db"]) {
  const repo = new VideoRepository(db);
  const reads = { list: 0, owned: 0 };
  const listInWorkspace = repo.listInWorkspace.bind(repo);
  const findVisible = repo.findVisibleWithWords.bind(repo);
  repo.listInWorkspace = (workspaceId) => {
    reads.list++;
    return listInWorkspace(workspaceId);
  };
  repo.findVisibleWithWords = (userId, id) => {
    reads.owned++;
    return findVisible(userId, id);
  };
  return { repo, reads };
}

describe.each(MODES)("project reads (%s)", (mode) => {
  let database: Database | undefined;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    await database?.close();
  });

  async function setUp() {
    database = await openTestDatabase(mode);
    const { repo, reads: counted } = countingRepo(database.db);
    const started = await startProjectReads(database, repo);
    stop = started.stop;
    const user = await findOrCreateUser(database.db, "reader@example.com");
    const [project] = await database.db
      .insert(projects)
      .values({
        userId: user.id,
        workspaceId: user.id,
        title: "First",
        status: "ready",
        originalKey: "x",
        originalName: "x.mp4",
        sizeBytes: 1,
      })
      .returning();
    return { db: database.db, reads: started.reads, counted, userId: user.id, id: project!.id };
  }

  it("never answers with what any statement overwrote, whoever ran it", async () => {
    const { db, reads, userId, id } = await setUp();
    expect((await reads.list(userId)).map((p) => p.title)).toEqual(["First"]);
    expect((await reads.withWords(userId, id))?.transcript).toEqual([]);
    // behind the service's back, as a job or the retention sweep would
    await db.execute(sql`UPDATE projects SET title = 'Renamed' WHERE id = ${id}`);
    expect((await reads.list(userId)).map((p) => p.title)).toEqual(["Renamed"]);
    await db.execute(
      sql`INSERT INTO segments (project_id, position, speaker, text, start_ms, end_ms) VALUES (${id}, 0, 'A', 'Hello', 0, 900)`,
    );
    expect((await reads.withWords(userId, id))?.transcript.map((s) => s.text)).toEqual(["Hello"]);
    await db.execute(
      sql`INSERT INTO speakers (project_id, id, position, name, selected_voice) VALUES (${id}, 'A', 0, 'Ann', 'v')`,
    );
    expect((await reads.withWords(userId, id))?.speakers.map((s) => s.name)).toEqual(["Ann"]);
    // a transaction notifies at its commit
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE segments SET text = 'Hi' WHERE project_id = ${id}`);
      await tx.execute(sql`UPDATE projects SET title = 'Again' WHERE id = ${id}`);
    });
    expect((await reads.withWords(userId, id))?.transcript.map((s) => s.text)).toEqual(["Hi"]);
    expect((await reads.list(userId)).map((p) => p.title)).toEqual(["Again"]);
    await db.execute(sql`DELETE FROM projects WHERE id = ${id}`);
    expect(await reads.list(userId)).toEqual([]);
    expect(await reads.withWords(userId, id)).toBeNull();
  });

  it(
    mode === "embedded"
      ? "answers repeated reads from memory"
      : "reads the database every time (another process's write is notified only after its commit)",
    async () => {
      const { reads, counted, userId, id } = await setUp();
      for (let i = 0; i < 3; i++) {
        await reads.list(userId);
        await reads.withWords(userId, id);
      }
      expect(counted).toEqual(mode === "embedded" ? { list: 1, owned: 1 } : { list: 3, owned: 3 });
    },
  );

  it("another user's project stays missing, and a miss is not remembered", async () => {
    const { db, reads, counted, id } = await setUp();
    const stranger = await findOrCreateUser(db, "stranger@example.com");
    expect(await reads.withWords(stranger.id, id)).toBeNull();
    expect(await reads.withWords(stranger.id, id)).toBeNull();
    expect(counted.owned).toBe(2);
  });
});
