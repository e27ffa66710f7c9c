import type { ActivityAction, LanguageCode } from "@dubbing/contract";
import type { Db } from "../db/client.ts";
import { projectActivity } from "../db/schema.ts";

/** One thing someone did on a project, written by the request that did it. */
export async function recordActivity(
  db: Db,
  entry: { projectId: string; actorId: string; action: ActivityAction; language?: LanguageCode },
): Promise<void> {
  await db.insert(projectActivity).values({ ...entry, language: entry.language ?? null });
}
