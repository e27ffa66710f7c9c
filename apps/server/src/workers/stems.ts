// A project's voice and background stems in storage (under stemsPrefix, so deleting the project or its
// retention removes them): pushed after transcription made them (or after the first "keep" dub that had
// to), pulled into a local folder for each dub.
import { mkdir, readdir, symlink } from "node:fs/promises";
import path from "node:path";
import { STEM_FILES } from "@dubbing/dubbing";
import { stemsPrefix } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";

const CONTENT_TYPES = new Map([
  [STEM_FILES.background, "audio/flac"],
  [STEM_FILES.voice, "audio/flac"],
  [STEM_FILES.info, "application/json"],
]);

/** Stores the stems `dir` holds (nothing when it holds none); stems.json last, so it marks a whole set. */
export async function pushStems(storage: Storage, projectId: string, dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  if (!names.includes(STEM_FILES.info)) return false;
  for (const name of [STEM_FILES.background, STEM_FILES.voice, STEM_FILES.info])
    await storage.putFile(`${stemsPrefix(projectId)}${name}`, path.join(dir, name), CONTENT_TYPES.get(name));
  return true;
}

/**
 * The stored stems linked into `dir` (created) for a dub, with a release for their local copies; `dir`
 * stays empty when the project has none (the dub then makes them there).
 */
export async function pullStems(
  storage: Storage,
  projectId: string,
  dir: string,
  scratch: string,
): Promise<{ stored: boolean; release: () => Promise<void> }> {
  await mkdir(dir, { recursive: true });
  const prefix = stemsPrefix(projectId);
  if (!(await storage.stat(`${prefix}${STEM_FILES.info}`))) return { stored: false, release: async () => {} };
  const copies: { release(): Promise<void> }[] = [];
  for (const name of [STEM_FILES.background, STEM_FILES.voice, STEM_FILES.info]) {
    const copy = await storage.localCopy(`${prefix}${name}`, scratch);
    copies.push(copy);
    await symlink(copy.path, path.join(dir, name));
  }
  return {
    stored: true,
    release: async () => {
      for (const c of copies) await c.release();
    },
  };
}
