import type { ProjectStatus, Prosody, SpokenLanguage } from "@dubbing/contract";
import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { projects, segments, speakers, translations, workspaceMembers } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { ownedWorkspaces } from "../workspaces/repository.ts";
import {
  canonicalStyle,
  keepMeasured,
  reassignSpeakers,
  sameList,
  sourceEditConflict,
} from "./edit-rules.ts";
import type { Segment, Speaker } from "./schemas.ts";

export type ProjectRow = typeof projects.$inferSelect;
type NewProject = typeof projects.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The reads every page load makes, built once (drizzle otherwise builds the SQL on each call, about a
 * millisecond of a busy API process per request) and prepared on PostgreSQL.
 */
function prepareReads(db: Db) {
  const param = sql.placeholder;
  // a project is visible to the members of its workspace (their role is checked by the route: auth/access.ts)
  const member = and(
    eq(workspaceMembers.workspaceId, projects.workspaceId),
    eq(workspaceMembers.userId, param("userId")),
  );
  return {
    visible: db
      .select(getTableColumns(projects))
      .from(projects)
      .innerJoin(workspaceMembers, member)
      .where(eq(projects.id, param("id")))
      .prepare("project_visible"),
    inWorkspace: db
      .select()
      .from(projects)
      .where(eq(projects.workspaceId, param("workspaceId")))
      .orderBy(desc(projects.uploadedAt))
      .prepare("projects_of_workspace"),
    speakers: db
      .select()
      .from(speakers)
      .where(eq(speakers.projectId, param("projectId")))
      .orderBy(asc(speakers.position))
      .prepare("speakers_of_project"),
    segments: db
      .select()
      .from(segments)
      .where(eq(segments.projectId, param("projectId")))
      .orderBy(asc(segments.position))
      .prepare("segments_of_project"),
    // the project page's read in one round trip: the row, its speakers and its transcript as JSON
    withWords: db
      .select({
        row: projects,
        speakers: sql<Speaker[]>`(SELECT coalesce(json_agg(jsonb_build_object('id', s.id, 'name', s.name,
          'selectedVoice', s.selected_voice) || CASE WHEN s.style IS NULL THEN '{}'::jsonb
          ELSE jsonb_build_object('style', s.style) END ORDER BY s.position), '[]'::json)
          FROM ${speakers} s WHERE s.project_id = "projects"."id")`,
        transcript: sql<Segment[]>`(SELECT coalesce(json_agg(json_build_object('speaker', g.speaker,
          'text', g.text, 'start', g.start_ms, 'end', g.end_ms) ORDER BY g.position), '[]'::json)
          FROM ${segments} g WHERE g.project_id = "projects"."id")`,
      })
      .from(projects)
      .innerJoin(workspaceMembers, member)
      .where(eq(projects.id, param("id")))
      .prepare("project_with_words"),
  };
}

/** A missing project, and one of a workspace the user is not in, which must look the same. */
export function projectNotFound(): AppError {
  return new AppError("video_not_found", "This project does not exist.");
}

export class VideoRepository {
  readonly db: Db;
  #reads: ReturnType<typeof prepareReads> | undefined;
  constructor(db: Db) {
    this.db = db;
  }

  private get reads() {
    this.#reads ??= prepareReads(this.db);
    return this.#reads;
  }

  async insert(values: NewProject): Promise<ProjectRow> {
    const [row] = await this.db.insert(projects).values(values).returning();
    return row!;
  }

  /**
   * Bytes of uploaded videos kept in the workspaces the payer owns, whoever uploaded them: their plan's
   * storage, which those workspaces share as they share its minutes.
   */
  async storedBytesOf(payerId: string): Promise<number> {
    const [row] = await this.db
      .select({ bytes: sql<string>`coalesce(sum(${projects.sizeBytes}), 0)` })
      .from(projects)
      .where(inArray(projects.workspaceId, ownedWorkspaces(this.db, payerId)));
    return Number(row?.bytes ?? 0);
  }

  /** A project of a workspace the user is in, else 404 `video_not_found`: any other looks missing. */
  async requireVisible(userId: string, id: string): Promise<ProjectRow> {
    const row = await this.findVisible(userId, id);
    if (!row) throw projectNotFound();
    return row;
  }

  /** A project of a workspace the user is in, or null: any other is indistinguishable from a missing one. */
  async findVisible(userId: string, id: string): Promise<ProjectRow | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.reads.visible.execute({ id, userId });
    return row ?? null;
  }

  async findById(id: string): Promise<ProjectRow | null> {
    const [row] = await this.db.select().from(projects).where(eq(projects.id, id));
    return row ?? null;
  }

  /** A project of a workspace the user is in, with its speakers and transcript (one query), or null. */
  async findVisibleWithWords(
    userId: string,
    id: string,
  ): Promise<{ row: ProjectRow; speakers: Speaker[]; transcript: Segment[] } | null> {
    if (!UUID.test(id)) return null;
    const [found] = await this.reads.withWords.execute({ id, userId });
    return found ?? null;
  }

  listInWorkspace(workspaceId: string): Promise<ProjectRow[]> {
    return this.reads.inWorkspace.execute({ workspaceId });
  }

  async speakersOf(projectId: string): Promise<Speaker[]> {
    const rows = await this.reads.speakers.execute({ projectId });
    return rows.map(({ id, name, selectedVoice, style }) => ({
      ...{ id, name, selectedVoice },
      ...(style ? { style: canonicalStyle(style) } : {}),
    }));
  }

  /**
   * Keeps the measures a dub took of speakers who had none (a speaker is measured at first use), without
   * touching the rest of their style; a speaker removed meanwhile is skipped.
   */
  async setMeasured(projectId: string, measured: Record<string, Prosody>): Promise<void> {
    for (const [id, m] of Object.entries(measured)) {
      const value = JSON.stringify(m);
      await this.db
        .update(speakers)
        .set({
          style: sql`jsonb_set(coalesce(${speakers.style}, '{"match": true}'::jsonb), '{measured}', ${value}::jsonb)`,
        })
        .where(and(eq(speakers.projectId, projectId), eq(speakers.id, id)));
    }
  }

  async transcriptOf(projectId: string): Promise<Segment[]> {
    const rows = await this.reads.segments.execute({ projectId });
    return rows.map((s) => ({ speaker: s.speaker, text: s.text, start: s.startMs, end: s.endMs }));
  }

  /** Replaces what is given, all in one transaction: a save is never half-applied. */
  /**
   * Inside a transaction: holds the project row until it commits. Every job's claim and every edit of
   * speakers or transcript takes it, so an edit is either before a job reads them or refused.
   */
  async lockProject(projectId: string): Promise<ProjectStatus> {
    const [project] = await this.db
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("update");
    if (!project) throw projectNotFound();
    return project.status;
  }

  /** Locks the project row (inside a transaction) and reads what a job's start must check. */
  async lockForJob(projectId: string) {
    const status = await this.lockProject(projectId);
    const rows = await this.db
      .select({ status: translations.status })
      .from(translations)
      .where(eq(translations.projectId, projectId));
    return { status, translations: rows.map((r) => r.status) };
  }

  /**
   * A user's edit. Locks the project so a job cannot start between the check and the write; refuses
   * (409) an edit that a running job would miss, and moves segments of removed speakers — in the
   * transcript and in every translation — to the first remaining speaker.
   */
  async saveEdit(
    projectId: string,
    change: { title?: string; speakers?: Speaker[]; transcript?: Segment[] },
    /** "server": the speakers' measures were taken by the server (subtitles imported), not sent by a client. */
    measuredBy: "client" | "server" = "client",
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repo = new VideoRepository(tx);
      const state = await repo.lockForJob(projectId);
      const [currentSpeakers, currentTranscript] = await Promise.all([
        repo.speakersOf(projectId),
        repo.transcriptOf(projectId),
      ]);
      // the measures are the server's: a client's are replaced by the stored ones
      const given =
        change.speakers &&
        (measuredBy === "server" ? change.speakers : keepMeasured(change.speakers, currentSpeakers));
      const newSpeakers = given && !sameList(given, currentSpeakers) ? given : undefined;
      let newTranscript =
        change.transcript && !sameList(change.transcript, currentTranscript) ? change.transcript : undefined;
      const conflict = sourceEditConflict(
        { transcript: newTranscript !== undefined, speakers: newSpeakers !== undefined },
        { project: state.status, translations: state.translations },
      );
      if (conflict) throw new AppError("conflict", conflict);
      if (newSpeakers) {
        const moved = reassignSpeakers(newTranscript ?? currentTranscript, newSpeakers);
        if (!moved) throw noSpeakerLeft();
        if (moved !== (newTranscript ?? currentTranscript)) newTranscript = moved;
        const languages = await tx
          .select({ id: translations.id, transcript: translations.transcript })
          .from(translations)
          .where(eq(translations.projectId, projectId));
        for (const language of languages) {
          const rewritten = reassignSpeakers(language.transcript, newSpeakers);
          if (!rewritten) throw noSpeakerLeft();
          if (rewritten !== language.transcript)
            await tx
              .update(translations)
              .set({ transcript: rewritten, updatedAt: new Date() })
              .where(eq(translations.id, language.id));
        }
      }
      await repo.update(projectId, { title: change.title, speakers: newSpeakers, transcript: newTranscript });
      // a ready project's message says why its transcript was empty ("No speech recognition engine for
      // …, type it in"): stale once the transcript has lines (typed or imported)
      if (state.status === "ready" && newTranscript && newTranscript.length > 0)
        await tx.update(projects).set({ statusMessage: null }).where(eq(projects.id, projectId));
    });
  }

  /** Writes speakers and transcript as given (the transcription job; users go through `saveEdit`). */
  async update(
    projectId: string,
    change: {
      title?: string;
      language?: SpokenLanguage;
      detectedLanguage?: { language: string; probability: number } | null;
      speakers?: Speaker[];
      transcript?: Segment[];
    },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(projects)
        .set({
          ...(change.title !== undefined && { title: change.title }),
          ...(change.language !== undefined && { language: change.language }),
          ...(change.detectedLanguage !== undefined && { detectedLanguage: change.detectedLanguage }),
          updatedAt: new Date(),
        })
        .where(eq(projects.id, projectId));
      if (change.speakers) {
        await tx.delete(speakers).where(eq(speakers.projectId, projectId));
        if (change.speakers.length > 0) {
          await tx
            .insert(speakers)
            .values(change.speakers.map((s, position) => ({ ...s, projectId, position })));
        }
      }
      if (change.transcript) {
        await tx.delete(segments).where(eq(segments.projectId, projectId));
        for (let i = 0; i < change.transcript.length; i += 1000) {
          const chunk = change.transcript.slice(i, i + 1000);
          await tx.insert(segments).values(
            chunk.map((s, j) => ({
              projectId,
              position: i + j,
              speaker: s.speaker,
              text: s.text,
              startMs: s.start,
              endMs: s.end,
            })),
          );
        }
      }
    });
  }

  async setState(
    projectId: string,
    state: { status?: ProjectStatus; progress?: number; statusMessage?: string | null } & Partial<NewProject>,
  ): Promise<void> {
    await this.db
      .update(projects)
      .set({ ...state, updatedAt: new Date() })
      .where(eq(projects.id, projectId));
  }

  async delete(projectId: string): Promise<void> {
    await this.db.delete(projects).where(eq(projects.id, projectId));
  }
}

function noSpeakerLeft() {
  return new AppError("validation_failed", "A project with a transcript needs at least one speaker.", [
    { path: "speakers", message: "Keep at least one speaker." },
  ]);
}
