// My voices (#30, part 3): a user's library of voices, saved from a speaker and reused in any project.
import { MAX_MY_VOICES, type MyVoice } from "@dubbing/contract";
import { and, asc, eq } from "drizzle-orm";
import { boundPerUser } from "../account/per-user-bound.ts";
import type { Db } from "../db/client.ts";
import { myVoices } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { VideoRepository } from "../videos/repository.ts";
import { presetStyle } from "./preset.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError("not_found", "There is no such voice in My voices.");

export const present = (row: typeof myVoices.$inferSelect): MyVoice => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  voice: row.voice,
  style: row.style,
  source: row.projectId && row.speakerId ? { projectId: row.projectId, speakerId: row.speakerId } : null,
  createdAt: row.createdAt.toISOString(),
});

/** A user's library, oldest first (the picker's order, and the account export's). */
export async function myVoicesOf(db: Db, userId: string): Promise<MyVoice[]> {
  const rows = await db
    .select()
    .from(myVoices)
    .where(eq(myVoices.userId, userId))
    .orderBy(asc(myVoices.createdAt), asc(myVoices.id));
  return rows.map(present);
}

export class MyVoiceService {
  readonly #db: Db;
  readonly #videos: VideoRepository;
  constructor(db: Db, videos: VideoRepository) {
    this.#db = db;
    this.#videos = videos;
  }

  list(userId: string): Promise<MyVoice[]> {
    return myVoicesOf(this.#db, userId);
  }

  /** "Save to My voices": the speaker as stored (its voice and style), never as the client says it is. */
  async saveFromSpeaker(
    userId: string,
    input: { projectId: string; speakerId: string; name?: string | undefined },
  ): Promise<MyVoice> {
    const project = await this.#videos.requireOwned(userId, input.projectId);
    const speaker = (await this.#videos.speakersOf(project.id)).find((s) => s.id === input.speakerId);
    if (!speaker)
      throw new AppError("not_found", "This project has no such speaker (save the project first).");
    return this.#db.transaction(async (tx) => {
      await boundPerUser(
        tx,
        myVoices,
        myVoices.userId,
        userId,
        MAX_MY_VOICES,
        `My voices holds at most ${MAX_MY_VOICES} voices: delete one first.`,
      );
      const [row] = await tx
        .insert(myVoices)
        .values({
          userId,
          kind: "preset",
          name: input.name ?? `${speaker.name} (${project.title})`.slice(0, 80),
          voice: speaker.selectedVoice,
          style: presetStyle(speaker.style),
          projectId: project.id,
          speakerId: speaker.id,
        })
        .returning();
      return present(row!);
    });
  }

  async rename(userId: string, id: string, name: string): Promise<MyVoice> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await this.#db
      .update(myVoices)
      .set({ name })
      .where(and(eq(myVoices.id, id), eq(myVoices.userId, userId)))
      .returning();
    if (!row) throw notFound();
    return present(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw notFound();
    const gone = await this.#db
      .delete(myVoices)
      .where(and(eq(myVoices.id, id), eq(myVoices.userId, userId)))
      .returning({ id: myVoices.id });
    if (gone.length === 0) throw notFound();
  }
}
