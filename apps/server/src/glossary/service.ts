// A project's glossary and its workspace's defaults (translations follow both; a project's entry wins).
import type { GlossaryEntry } from "@dubbing/contract";
import { mergeGlossaries } from "@dubbing/dubbing";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { projects, workspaces } from "../db/schema.ts";
import type { VideoRepository } from "../projects/repository.ts";

export class GlossaryService {
  readonly db: Db;
  readonly videos: VideoRepository;
  constructor(db: Db, videos: VideoRepository) {
    this.db = db;
    this.videos = videos;
  }

  async ofProject(userId: string, projectId: string) {
    const project = await this.videos.requireVisible(userId, projectId);
    return { glossary: project.glossary };
  }

  async saveProject(userId: string, projectId: string, glossary: GlossaryEntry[]) {
    const project = await this.videos.requireVisible(userId, projectId);
    await this.db.update(projects).set({ glossary }).where(eq(projects.id, project.id));
    return { glossary };
  }

  async ofWorkspace(workspaceId: string) {
    return { glossary: await defaultsOf(this.db, workspaceId) };
  }

  async saveWorkspace(workspaceId: string, glossary: GlossaryEntry[]) {
    await this.db.update(workspaces).set({ glossary }).where(eq(workspaces.id, workspaceId));
    return { glossary };
  }
}

async function defaultsOf(db: Db, workspaceId: string): Promise<GlossaryEntry[]> {
  const [row] = await db
    .select({ glossary: workspaces.glossary })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.glossary ?? [];
}

/** What a translation of the project follows: its workspace's defaults, then the project's own entries. */
export async function effectiveGlossary(db: Db, project: { workspaceId: string; glossary: GlossaryEntry[] }) {
  return mergeGlossaries(await defaultsOf(db, project.workspaceId), project.glossary);
}
