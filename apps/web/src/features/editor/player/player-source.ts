import type { Language, ProjectDetail, Translation } from "../../../api/types.ts";

/** What the page's one player shows: a tab's dub (or, after a failed dub, the one before it), else the original. */
export function playerSource(
  project: Pick<ProjectDetail, "originalVideoUrl">,
  translation: Translation | undefined,
  languages: readonly Language[] | undefined,
): { url: string; label: string; testId: string } | null {
  const name =
    translation && (languages?.find((l) => l.code === translation.language)?.name ?? translation.language);
  if (translation?.finalVideoUrl && translation.status !== "dubbing")
    return { url: translation.finalVideoUrl, label: `Dubbed video (${name})`, testId: "dubbed-video" };
  if (translation?.status === "failed" && translation.previousDub)
    return { url: translation.previousDub.videoUrl, label: `Previous dub (${name})`, testId: "previous-dub" };
  return project.originalVideoUrl
    ? { url: project.originalVideoUrl, label: "Original video", testId: "original-video" }
    : null;
}
