import type { LanguageCode } from "@dubbing/contract";
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type SegmentJson, translations } from "../db/schema.ts";
import { recordTextChange, type TextChange } from "./review-reset.ts";

export type TranslationRow = typeof translations.$inferSelect;

export class TranslationRepository {
  readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  listByProject(projectId: string): Promise<TranslationRow[]> {
    return this.db
      .select()
      .from(translations)
      .where(eq(translations.projectId, projectId))
      .orderBy(asc(translations.createdAt));
  }

  async find(projectId: string, language: LanguageCode): Promise<TranslationRow | null> {
    const [row] = await this.db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, projectId), eq(translations.language, language)));
    return row ?? null;
  }

  /**
   * Starts a translation unless one is already there or running. The unique (project, language) index
   * makes two simultaneous requests (a double click) create one row.
   */
  async startTranslating(
    projectId: string,
    language: LanguageCode,
    /** Who asked: the new text is theirs (and a review of the old one goes back to draft). */
    by: string,
  ): Promise<{ row: TranslationRow; started: boolean }> {
    const [created] = await this.db
      .insert(translations)
      .values({
        projectId,
        language,
        status: "translating",
        progress: 0,
        statusMessage: "Waiting for a worker",
        editedBy: by,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return { row: created, started: true };
    // Existing: translate again unless it is busy (translating or dubbing).
    const [restarted] = await this.db
      .update(translations)
      .set({
        status: "translating",
        progress: 0,
        statusMessage: "Waiting for a worker",
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(translations.projectId, projectId),
          eq(translations.language, language),
          notInArray(translations.status, ["translating", "dubbing"]),
        ),
      )
      .returning();
    if (restarted) {
      await recordTextChange(this.db, restarted.id, { userId: by, why: "Translated again" });
      return { row: restarted, started: true };
    }
    return { row: (await this.find(projectId, language))!, started: false };
  }

  /** Atomically marks the translation as dubbing; false when a dub is already running. */
  async claimForDub(id: string): Promise<boolean> {
    const rows = await this.db
      .update(translations)
      .set({ status: "dubbing", progress: 0, statusMessage: "Waiting for a worker", updatedAt: new Date() })
      .where(
        and(
          eq(translations.id, id),
          notInArray(translations.status, ["dubbing", "translating"]),
          sql`jsonb_array_length(${translations.transcript}) > 0`,
        ),
      )
      .returning({ id: translations.id });
    return rows.length === 1;
  }

  async update(id: string, change: Partial<typeof translations.$inferInsert>): Promise<void> {
    await this.db
      .update(translations)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(translations.id, id));
  }

  /**
   * Saves an edited transcript unless a job is working on this translation (then false: the edit would be
   * missing from its result). A dubbed video made from the old text becomes stale; a change of the text or
   * timing is `change.userId`'s, and an approved or in-review translation goes back to draft
   * (review-reset.ts). The same text saved again leaves the review as it is.
   */
  async saveTranscript(id: string, transcript: SegmentJson[], change: TextChange): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ same: sql<boolean>`${translations.transcript} = ${JSON.stringify(transcript)}::jsonb` })
        .from(translations)
        .where(and(eq(translations.id, id), notInArray(translations.status, ["translating", "dubbing"])))
        .for("update");
      if (!row) return false;
      await tx
        .update(translations)
        .set({ transcript, stale: sql`${translations.dubKey} IS NOT NULL`, updatedAt: new Date() })
        .where(eq(translations.id, id));
      if (!row.same) await recordTextChange(tx, id, change);
      return true;
    });
  }

  /**
   * Marks a line of the report card reviewed with the text the creator kept (null: not reviewed), in
   * place, so that a dub finishing meanwhile does not undo it and two marks do not undo each other.
   */
  async setReviewed(id: string, index: number, text: string | null): Promise<void> {
    const key = String(index);
    const reviewed = sql`coalesce(${translations.dubReport}->'reviewed', '{}'::jsonb)`;
    const next =
      text === null
        ? sql`${reviewed} - ${key}::text`
        : sql`${reviewed} || jsonb_build_object(${key}::text, ${text}::text)`;
    await this.db
      .update(translations)
      .set({
        dubReport: sql`jsonb_set(${translations.dubReport}, '{reviewed}', ${next})`,
        updatedAt: new Date(),
      })
      .where(and(eq(translations.id, id), sql`${translations.dubReport} IS NOT NULL`));
  }
}
