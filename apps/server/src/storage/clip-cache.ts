// Where a machine keeps translations' TTS clips between dubs (its local side of the clip cache that
// workers/clip-sync.ts shares through the store): one folder per translation under `<cacheDir>/dubs`.
import path from "node:path";

/** The folder of every translation's clip cache on this machine. */
export function clipCachesDir(cacheDir: string): string {
  return path.join(cacheDir, "dubs");
}

/** The local TTS clip cache of one translation (kept between dubs; removed with the translation). */
export function clipCacheDir(cacheDir: string, translationId: string): string {
  return path.join(clipCachesDir(cacheDir), translationId);
}
