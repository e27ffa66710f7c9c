import { rm } from "node:fs/promises";
import { parseClonedVoice, type VoiceCloner } from "@dubbing/dubbing";
import { clipCacheDir, transcriptionCheckpointDir } from "../storage/clip-cache.ts";
import type { Storage } from "../storage/index.ts";
import { projectOfPrefix } from "../storage/keys.ts";

/** What deleting a record leaves to remove: storage prefixes, local clip caches, voices at a provider. */
export interface PurgeTarget {
  prefixes: string[];
  /** Translation ids whose TTS clip cache lives on this machine's disk. */
  clipCaches: string[];
  /** Cloned voices ("cloned:<engine>:<id>") to delete at the provider that made them. */
  clonedVoices?: string[];
}

/**
 * Removes a deleted record's files and cloned voices. Throws when the store or the provider cannot be
 * reached, or the provider is no longer configured (the caller queues a retry; every step is idempotent:
 * a voice the provider no longer has counts as deleted).
 */
export async function purge(
  storage: Storage,
  cacheDir: string,
  target: PurgeTarget,
  cloner: VoiceCloner | null = null,
): Promise<void> {
  for (const id of target.clipCaches) await rm(clipCacheDir(cacheDir, id), { recursive: true, force: true });
  for (const prefix of target.prefixes) {
    // a project's transcription checkpoint on this machine (its words) goes with the project's files
    const project = projectOfPrefix(prefix);
    if (project) await rm(transcriptionCheckpointDir(cacheDir, project), { recursive: true, force: true });
    await storage.deletePrefix(prefix);
  }
  for (const value of target.clonedVoices ?? []) {
    const voice = parseClonedVoice(value);
    if (!voice) continue;
    if (!cloner || cloner.engine !== voice.engine)
      throw new Error(`cannot delete the cloned voice ${voice.voiceId}: ${voice.engine} is not configured`);
    await cloner.remove(voice.voiceId);
  }
}
