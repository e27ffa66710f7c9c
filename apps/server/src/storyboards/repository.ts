import { and, desc, eq, getTableColumns, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type StoryboardFrameJson, storyboards, workspaceMembers } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export type StoryboardRow = typeof storyboards.$inferSelect;

export class StoryboardRepository {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(values: {
    userId: string;
    workspaceId: string;
    title: string;
    frames: StoryboardFrameJson[];
  }): Promise<StoryboardRow> {
    const [row] = await this.db.insert(storyboards).values(values).returning();
    return row!;
  }

  listInWorkspace(workspaceId: string): Promise<StoryboardRow[]> {
    return this.db
      .select()
      .from(storyboards)
      .where(eq(storyboards.workspaceId, workspaceId))
      .orderBy(desc(storyboards.createdAt))
      .limit(500);
  }

  /** A storyboard of a workspace the user is in, else 404 `storyboard_not_found`: any other looks missing. */
  async requireVisible(userId: string, id: string): Promise<StoryboardRow> {
    const row = await this.findVisible(userId, id);
    if (!row) throw new AppError("storyboard_not_found", "Storyboard not found");
    return row;
  }

  async findVisible(userId: string, id: string): Promise<StoryboardRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db
      .select(getTableColumns(storyboards))
      .from(storyboards)
      .innerJoin(
        workspaceMembers,
        and(eq(workspaceMembers.workspaceId, storyboards.workspaceId), eq(workspaceMembers.userId, userId)),
      )
      .where(eq(storyboards.id, id));
    return row ?? null;
  }

  async findById(id: string): Promise<StoryboardRow | null> {
    const [row] = await this.db.select().from(storyboards).where(eq(storyboards.id, id));
    return row ?? null;
  }

  async update(
    id: string,
    change: Partial<Omit<StoryboardRow, "id" | "userId" | "createdAt">>,
  ): Promise<StoryboardRow | null> {
    const [row] = await this.db
      .update(storyboards)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(storyboards.id, id))
      .returning();
    return row ?? null;
  }

  /**
   * Marks the storyboard as generating unless it already is (or, with `takeOver`, even then); true when
   * this caller got it.
   */
  async claimForGeneration(id: string, takeOver = false): Promise<boolean> {
    const rows = await this.db
      .update(storyboards)
      .set({ status: "generating", statusMessage: "Waiting for a worker", updatedAt: new Date() })
      .where(and(eq(storyboards.id, id), takeOver ? undefined : ne(storyboards.status, "generating")))
      .returning({ id: storyboards.id });
    return rows.length === 1;
  }
}

function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
