import { rm } from "node:fs/promises";
import path from "node:path";
import { sweepIdentity } from "@dubbing/identity-server";
import { lt } from "drizzle-orm";
import { projects, storyboards } from "../db/schema.ts";
import { projectPrefix, storyboardPrefix } from "../storage/keys.ts";
import { RETENTION_DAYS } from "../videos/present.ts";
import type { WorkerDeps } from "./deps.ts";

/**
 * Deletes projects older than the retention period: files first, then the rows (cascading); storyboards
 * likewise (rows first: a storyboard's only files are its generated video). Also sweeps the
 * identity provider's used tokens, ended sessions and old rate-limit windows.
 */
export async function runRetention(
  deps: Pick<WorkerDeps, "repo" | "translations" | "storage" | "cacheDir">,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000);
  const expired = await deps.repo.db
    .select({ id: projects.id })
    .from(projects)
    .where(lt(projects.uploadedAt, cutoff));
  for (const { id } of expired) {
    const translations = await deps.translations.listByProject(id);
    await deps.storage.deletePrefix(projectPrefix(id));
    for (const t of translations) {
      await rm(path.join(deps.cacheDir, "dubs", t.id), { recursive: true, force: true });
    }
    await deps.repo.delete(id);
  }
  // Storyboards and their generated videos follow the same rule.
  const oldBoards = await deps.repo.db
    .delete(storyboards)
    .where(lt(storyboards.createdAt, cutoff))
    .returning({ id: storyboards.id });
  for (const { id } of oldBoards) await deps.storage.deletePrefix(storyboardPrefix(id));
  await sweepIdentity(deps.repo.db);
  return expired.length;
}
