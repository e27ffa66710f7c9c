import type { ReviewStatus } from "@dubbing/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { projectActivity, translations, users } from "../db/schema.ts";

/** Who changed a translation's text or timing, and what the change was, in words (the review's note). */
export interface TextChange {
  userId: string;
  why: string;
}

/** Whether a change of the text undoes a translation's review: approved or in review, it was about other words. */
export function undoneByChange(status: ReviewStatus): boolean {
  return status === "approved" || status === "in_review";
}

/** The review's note when a change sent it back to draft: what changed and what the review was. */
export function resetNote(status: ReviewStatus, why: string): string {
  return `${why} while it was ${status === "approved" ? "approved" : "in review"}: back to draft.`;
}

/**
 * Records, in the transaction that changed the translation's text or timing, that the change is
 * `change.userId`'s (who may then not approve it: review/approver.ts) and, when the translation was
 * approved or in review, sends its review back to draft with who and why, in the review and the project's
 * activity. The translation's row is locked first, so a verdict given meanwhile is either seen here (and
 * undone) or waits for this change (and sees its author).
 */
export async function recordTextChange(tx: Db, translationId: string, change: TextChange): Promise<void> {
  const [row] = await tx
    .select({
      projectId: translations.projectId,
      language: translations.language,
      review: translations.reviewStatus,
    })
    .from(translations)
    .where(eq(translations.id, translationId))
    .for("update");
  if (!row) return;
  if (!undoneByChange(row.review)) {
    await tx.update(translations).set({ editedBy: change.userId }).where(eq(translations.id, translationId));
    return;
  }
  const note = resetNote(row.review, change.why);
  await tx
    .update(translations)
    .set({
      editedBy: change.userId,
      reviewStatus: "draft",
      reviewBy: sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${change.userId})`,
      reviewAt: new Date(),
      reviewNote: note,
    })
    .where(eq(translations.id, translationId));
  await tx.insert(projectActivity).values({
    projectId: row.projectId,
    actorId: change.userId,
    action: "review:draft",
    language: row.language,
    note,
  });
}
