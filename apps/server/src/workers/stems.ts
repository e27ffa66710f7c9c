// A project's voice and background stems in storage (under stemsPrefix, so deleting the project or its
// retention removes them): pushed after transcription made them (or after the first "keep" dub that had
// to), pulled into a local folder for each dub; with them, speech.json (where speech was heard).
import { mkdir, readdir, symlink } from "node:fs/promises";
import path from "node:path";
import { STEM_FILES } from "@dubbing/dubbing";
import { stemsPrefix } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";

const CONTENT_TYPES = new Map([
  [STEM_FILES.background, "audio/flac"],
  [STEM_FILES.voice, "audio/flac"],
  [STEM_FILES.info, "application/json"],
  [STEM_FILES.speech, "application/json"],
]);

/**
 * Stores the stems `dir` holds (nothing when it holds none); stems.json last, so it marks a whole set.
 * speech.json (where speech was heard) is stored on its own, also when the separation failed.
 */
export async function pushStems(storage: Storage, projectId: string, dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.includes(STEM_FILES.speech))
    await storage.putFile(
      `${stemsPrefix(projectId)}${STEM_FILES.speech}`,
      path.join(dir, STEM_FILES.speech),
      CONTENT_TYPES.get(STEM_FILES.speech),
    );
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
  const copies: { release(): Promise<void> }[] = [];
  const link = async (name: string) => {
    const copy = await storage.localCopy(`${prefix}${name}`, scratch);
    copies.push(copy);
    await symlink(copy.path, path.join(dir, name));
  };
  if (await storage.stat(`${prefix}${STEM_FILES.speech}`)) await link(STEM_FILES.speech);
  const release = async () => {
    for (const c of copies) await c.release();
  };
  if (!(await storage.stat(`${prefix}${STEM_FILES.info}`))) return { stored: false, release };
  for (const name of [STEM_FILES.background, STEM_FILES.voice, STEM_FILES.info]) await link(name);
  return { stored: true, release };
}
