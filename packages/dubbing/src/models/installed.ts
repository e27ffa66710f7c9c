// Where an installed catalogue model is: the first of the models' folders holding it complete (its
// manifest is written last, so a folder with one is whole).
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The model's folder, or undefined when none of `dirs` holds it complete. */
export function installedFolder(dirs: readonly string[], id: string): string | undefined {
  return dirs.map((d) => join(d, id)).find((d) => existsSync(join(d, "manifest.json")));
}

/** Pure: the folders to look in, the configured one first, without repeats. */
export function modelDirs(...dirs: (string | undefined)[]): string[] {
  return [...new Set(dirs.filter((d): d is string => !!d))];
}
