import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { projects, translations, workspaces } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export const ONLY_APPROVED =
  "This workspace dubs only approved translations: a reviewer approves this one first.";

/** The workspace's setting "dub only approved translations". */
export async function dubsOnlyApproved(db: Db, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ only: workspaces.dubOnlyApproved })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.only ?? false;
}

/**
 * 409 when the translation's workspace dubs only approved translations and this one is not approved: read
 * by the request and again in the dub's claim (start-dub.ts), in the transaction that locks the project,
 * so that neither a "translate and dub" batch nor an edit between the two reads dubs text no reviewer saw.
 */
export async function requireApprovedWhereAsked(db: Db, translationId: string): Promise<void> {
  const [row] = await db
    .select({ review: translations.reviewStatus, only: workspaces.dubOnlyApproved })
    .from(translations)
    .innerJoin(projects, eq(projects.id, translations.projectId))
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(translations.id, translationId));
  if (row?.only && row.review !== "approved") throw new AppError("conflict", ONLY_APPROVED);
}
