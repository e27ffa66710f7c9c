// The CLI does the separation once: `dub transcribe` keeps the stems it made in a folder beside its
// output and names it in the transcript (meta.stems, carried by `dub translate`), and `dub render` reuses
// them when they were made from the same video, as the service reuses a project's stems.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { DocMeta } from "../doc.ts";

/** Pure: the stems folder beside a transcript file: "talk.json" → "talk.stems". */
export function stemsDirBeside(output: string): string {
  return `${output.replace(/\.json$/i, "")}.stems`;
}

/** What the transcript records of its stems: the folder and the video they were made from. */
export async function stemsRecord(dir: string, video: string): Promise<NonNullable<DocMeta["stems"]>> {
  return { dir: resolve(dir), video: resolve(video), videoBytes: (await stat(video)).size };
}

/** Pure: the recorded stems folder when it was made from this video (same path and size), else undefined. */
export function reusableStems(
  record: DocMeta["stems"] | undefined,
  video: string,
  videoBytes: number,
): string | undefined {
  if (!record || record.video !== resolve(video) || record.videoBytes !== videoBytes) return undefined;
  return record.dir;
}
