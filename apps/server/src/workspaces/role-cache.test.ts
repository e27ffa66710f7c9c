import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MODES, openTestDatabase } from "../../test/harness.ts";
import { findOrCreateUser } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { projects, workspaceMembers, workspaces } from "../db/schema.ts";
import { locateInWorkspace, type Resource } from "./access.ts";
import { startWorkspaceRoles } from "./role-cache.ts";

describe.each(MODES)("workspace roles (%s)", (mode) => {
  let database: Database | undefined;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    await database?.close();
  });

  /** An owner's shared workspace with a viewer in it and a project; the database reads counted. */
  async function setUp() {
    database = await openTestDatabase(mode);
    const db = database.db;
    let reads = 0;
    const started = await startWorkspaceRoles(database, (resource: Resource, id: string, userId: string) => {
      reads++;
      return locateInWorkspace(db, resource, id, userId);
    });
    stop = started.stop;
    const owner = await findOrCreateUser(db, "owner@example.com");
    const viewer = await findOrCreateUser(db, "viewer@example.com");
    const [team] = await db.insert(workspaces).values({ name: "Team" }).returning();
    await db.insert(workspaceMembers).values([
      { workspaceId: team!.id, userId: owner.id, role: "owner" },
      { workspaceId: team!.id, userId: viewer.id, role: "viewer" },
    ]);
    const [project] = await db
      .insert(projects)
      .values({
        userId: owner.id,
        workspaceId: team!.id,
        title: "Shared",
        status: "ready",
        originalKey: "x",
        originalName: "x.mp4",
        sizeBytes: 1,
      })
      .returning();
    return {
      db,
      roles: started.roles,
      reads: () => reads,
      team: team!.id,
      owner,
      viewer,
      project: project!.id,
    };
  }

  it("never answers with a role or a place any statement changed, whoever ran it", async () => {
    const { db, roles, team, owner, viewer, project } = await setUp();
    expect(await roles.locate("query", team, viewer.id)).toEqual({ workspaceId: team, role: "viewer" });
    expect(await roles.locate("project", project, viewer.id)).toEqual({ workspaceId: team, role: "viewer" });
    // behind the routes' back, as an admin's change in another request would
    await db.execute(sql`UPDATE workspace_members SET role = 'editor' WHERE user_id = ${viewer.id}`);
    expect((await roles.locate("workspace", team, viewer.id))?.role).toBe("editor");
    expect((await roles.locate("project", project, viewer.id))?.role).toBe("editor");
    // the project moves to the owner's personal workspace, where the viewer is no member
    await db.update(projects).set({ workspaceId: owner.id }).where(eq(projects.id, project));
    expect(await roles.locate("project", project, viewer.id)).toEqual({ workspaceId: owner.id, role: null });
    // removed: a stranger at once
    await db.delete(workspaceMembers).where(eq(workspaceMembers.userId, viewer.id));
    expect(await roles.locate("query", team, viewer.id)).toBeNull();
    await db.delete(projects).where(eq(projects.id, project));
    expect(await roles.locate("project", project, owner.id)).toBeNull();
  });

  it(
    mode === "embedded"
      ? "answers repeated checks from memory"
      : "reads the database every time (another process's change is notified only after its commit)",
    async () => {
      const { roles, reads, team, viewer, project } = await setUp();
      for (let i = 0; i < 3; i++) {
        await roles.locate("query", team, viewer.id);
        await roles.locate("project", project, viewer.id);
      }
      expect(reads()).toBe(mode === "embedded" ? 2 : 6);
    },
  );

  it("reads a storyboard's, a voice's or a webhook's workspace every time (nothing says when they move)", async () => {
    const { roles, reads, viewer, project } = await setUp();
    for (const resource of ["storyboard", "voice", "webhook"] as const) {
      await roles.locate(resource, project, viewer.id);
      await roles.locate(resource, project, viewer.id);
    }
    expect(reads()).toBe(6);
  });
});
