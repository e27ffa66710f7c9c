// A cloned voice is its workspace's (someone's consented voice, made in the operator's provider account):
// a speaker takes one only from the library of the project's workspace, whatever id a client sends.
import { parseClonedVoice } from "@dubbing/dubbing";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { myVoices } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/**
 * Refuses (400) speakers given a cloned voice that is not in the My voices of the project's workspace. A speaker keeping the
 * voice it has (`before`) is not asked again: a project saved after its voice was deleted still saves.
 */
export async function requireOwnClonedVoices(
  db: Db,
  workspaceId: string,
  speakers: { id: string; selectedVoice: string }[],
  before: Map<string, string>,
): Promise<void> {
  const asked = speakers
    .map((s, i) => ({ i, voice: s.selectedVoice, had: before.get(s.id) }))
    .filter((s) => parseClonedVoice(s.voice) && s.had !== s.voice);
  if (asked.length === 0) return;
  const owned = await db
    .select({ voice: myVoices.voice })
    .from(myVoices)
    .where(
      and(
        eq(myVoices.workspaceId, workspaceId),
        inArray(
          myVoices.voice,
          asked.map((s) => s.voice),
        ),
      ),
    );
  const mine = new Set(owned.map((o) => o.voice));
  const stranger = asked.find((s) => !mine.has(s.voice));
  if (stranger)
    throw new AppError("validation_failed", "A speaker was given a cloned voice that is not one of yours.", [
      { path: `speakers.${stranger.i}.selectedVoice`, message: "Not one of your voices." },
    ]);
}
