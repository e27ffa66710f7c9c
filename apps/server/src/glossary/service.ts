// A project's glossary and the account's defaults (translations follow both; a project's entry wins).
import type { GlossaryEntry } from "@dubbing/contract";
import { mergeGlossaries } from "@dubbing/dubbing";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { projects, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { VideoRepository } from "../projects/repository.ts";

export class GlossaryService {
  readonly db: Db;
  readonly videos: VideoRepository;
  constructor(db: Db, videos: VideoRepository) {
    this.db = db;
    this.videos = videos;
  }

  async ofProject(userId: string, projectId: string) {
    const project = await this.videos.requireOwned(userId, projectId);
    return { glossary: project.glossary };
  }

  async saveProject(userId: string, projectId: string, glossary: GlossaryEntry[]) {
    const project = await this.videos.requireOwned(userId, projectId);
    await this.db.update(projects).set({ glossary }).where(eq(projects.id, project.id));
    return { glossary };
  }

  async ofAccount(userId: string) {
    const [row] = await this.db.select({ glossary: users.glossary }).from(users).where(eq(users.id, userId));
    return { glossary: row?.glossary ?? [] };
  }

  async saveAccount(userId: string, glossary: GlossaryEntry[]) {
    await this.db.update(users).set({ glossary }).where(eq(users.id, userId));
    return { glossary };
  }
}

/** What a translation of the project follows: the owner's defaults, then the project's own entries. */
export async function effectiveGlossary(db: Db, project: { userId: string; glossary: GlossaryEntry[] }) {
  const [row] = await db.select({ glossary: users.glossary }).from(users).where(eq(users.id, project.userId));
  return mergeGlossaries(row?.glossary ?? [], project.glossary);
}
