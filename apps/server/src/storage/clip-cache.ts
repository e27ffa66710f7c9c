// Where a machine keeps translations' TTS clips between dubs (its local side of the clip cache that
// workers/clip-sync.ts shares through the store): one folder per translation under `<cacheDir>/dubs`;
// and the transcriptions' checkpoints, one folder per project under `<cacheDir>/transcriptions`.
import path from "node:path";

/** The folder of every translation's clip cache on this machine. */
export function clipCachesDir(cacheDir: string): string {
  return path.join(cacheDir, "dubs");
}

/** The local TTS clip cache of one translation (kept between dubs; removed with the translation). */
export function clipCacheDir(cacheDir: string, translationId: string): string {
  return path.join(clipCachesDir(cacheDir), translationId);
}

/**
 * Where a project's transcription keeps its recognition checkpoint on this machine (the words of each
 * finished window, so a restarted run resumes): removed once the transcript is saved, and with the project.
 */
export function transcriptionCheckpointDir(cacheDir: string, projectId: string): string {
  return path.join(transcriptionCheckpointsDir(cacheDir), projectId);
}

/** The folder of every project's transcription checkpoint on this machine. */
export function transcriptionCheckpointsDir(cacheDir: string): string {
  return path.join(cacheDir, "transcriptions");
}
