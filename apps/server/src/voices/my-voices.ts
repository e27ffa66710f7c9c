// My voices: a user's library of voices, saved from a speaker and reused in any project.
import { MAX_MY_VOICES, type MyVoice, type VoiceOffer } from "@dubbing/contract";
import { parseClonedVoice } from "@dubbing/dubbing";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { boundPerUser } from "../db/per-user-bound.ts";
import { myVoices } from "../db/schema.ts";
import type { DeletionService } from "../deletion/service.ts";
import { AppError } from "../errors.ts";
import { projectNotFound, type VideoRepository } from "../projects/repository.ts";
import { myVoicePrefix } from "../storage/keys.ts";
import { voiceOffers } from "./heard-before.ts";
import { presetStyle } from "./preset.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notFound = () => new AppError("not_found", "There is no such voice in My voices.");

/** The provider's name for an engine that clones. */
const PROVIDERS = new Map([["elevenlabs", "ElevenLabs"]]);

export const present = (row: typeof myVoices.$inferSelect): MyVoice => {
  const cloned = row.kind === "cloned" ? parseClonedVoice(row.voice) : null;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    voice: row.voice,
    style: row.style,
    source: row.projectId && row.speakerId ? { projectId: row.projectId, speakerId: row.speakerId } : null,
    saved: row.saved,
    provider: cloned ? (PROVIDERS.get(cloned.engine) ?? cloned.engine) : null,
    createdAt: row.createdAt.toISOString(),
  };
};

/** A library (a user's, or a workspace's: `column`), oldest first (the picker's order, and the export's). */
export async function myVoicesOf(
  db: Db,
  id: string,
  column: typeof myVoices.userId | typeof myVoices.workspaceId = myVoices.userId,
): Promise<MyVoice[]> {
  const rows = await db
    .select()
    .from(myVoices)
    .where(eq(column, id))
    .orderBy(asc(myVoices.createdAt), asc(myVoices.id));
  return rows.map(present);
}

export class MyVoiceService {
  readonly #db: Db;
  readonly #videos: VideoRepository;
  readonly #deletion: DeletionService;
  constructor(db: Db, videos: VideoRepository, deletion: DeletionService) {
    this.#db = db;
    this.#videos = videos;
    this.#deletion = deletion;
  }

  /** One voice of the workspace's, or 404. */
  async get(workspaceId: string, id: string): Promise<MyVoice> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await this.#db
      .select()
      .from(myVoices)
      .where(and(eq(myVoices.id, id), eq(myVoices.workspaceId, workspaceId)));
    if (!row) throw notFound();
    return present(row);
  }

  list(workspaceId: string): Promise<MyVoice[]> {
    return myVoicesOf(this.#db, workspaceId, myVoices.workspaceId);
  }

  /** "Save to My voices": the speaker as stored (its voice and style), never as the client says it is. */
  async saveFromSpeaker(
    userId: string,
    workspaceId: string,
    input: { projectId: string; speakerId: string; name?: string | undefined },
  ): Promise<MyVoice> {
    const project = await this.#videos.requireVisible(userId, input.projectId);
    // a project of another workspace is not one of this workspace's
    if (project.workspaceId !== workspaceId) throw projectNotFound();
    const speaker = (await this.#videos.speakersOf(project.id)).find((s) => s.id === input.speakerId);
    if (!speaker)
      throw new AppError("not_found", "This project has no such speaker (save the project first).");
    // a cloned voice is in My voices already, once: a second entry would outlive its deletion
    if (parseClonedVoice(speaker.selectedVoice))
      throw new AppError(
        "conflict",
        "This speaker speaks with a cloned voice, which is in My voices already.",
      );
    return this.#db.transaction(async (tx) => {
      await boundPerUser(tx, {
        table: myVoices,
        owner: myVoices.workspaceId,
        userId: workspaceId,
        max: MAX_MY_VOICES,
        message: `My voices holds at most ${MAX_MY_VOICES} voices: delete one first.`,
      });
      const [row] = await tx
        .insert(myVoices)
        .values({
          userId,
          workspaceId,
          kind: "preset",
          name: input.name ?? `${speaker.name} (${project.title})`.slice(0, 80),
          voice: speaker.selectedVoice,
          style: presetStyle(speaker.style),
          projectId: project.id,
          speakerId: speaker.id,
          voiceprint: speaker.style?.measured?.voiceprint ?? null,
        })
        .returning();
      return present(row!);
    });
  }

  /** The user's voices that sound like a speaker of their project (another user's project is a 404). */
  async heardBefore(userId: string, projectId: string): Promise<VoiceOffer[]> {
    const project = await this.#videos.requireVisible(userId, projectId);
    const speakers = await this.#videos.speakersOf(project.id);
    const rows = await this.#db.select().from(myVoices).where(eq(myVoices.workspaceId, project.workspaceId));
    return voiceOffers(
      project.id,
      speakers.map((s) => ({ ...s, voiceprint: s.style?.measured?.voiceprint })),
      rows.map((row) => ({ voice: present(row), voiceprint: row.voiceprint })),
    );
  }

  /** Renames a voice, or keeps a cloned voice when its project is deleted (`saved`). */
  async update(workspaceId: string, id: string, change: { name?: string; saved?: true }): Promise<MyVoice> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await this.#db
      .update(myVoices)
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.saved ? { saved: true } : {}),
      })
      .where(and(eq(myVoices.id, id), eq(myVoices.workspaceId, workspaceId)))
      .returning();
    if (!row) throw notFound();
    return present(row);
  }

  /** Deletes a voice; a cloned one at its provider too (retried by a purge job when the provider fails). */
  async remove(workspaceId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw notFound();
    const [gone] = await this.#db
      .delete(myVoices)
      .where(and(eq(myVoices.id, id), eq(myVoices.workspaceId, workspaceId)))
      .returning({ id: myVoices.id, kind: myVoices.kind, voice: myVoices.voice });
    if (!gone) throw notFound();
    if (gone.kind === "cloned")
      await this.#deletion.purgeOrRetry({
        prefixes: [myVoicePrefix(gone.id)],
        clipCaches: [],
        clonedVoices: [gone.voice],
      });
  }
}
