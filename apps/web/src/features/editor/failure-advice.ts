import type { ProjectDetail } from "../../api/types.ts";

type Failed = Pick<ProjectDetail, "status" | "sourceUrl" | "originalVideoUrl">;

/** Pure: whether the project failed before a video was kept (nothing to play, nothing to transcribe). */
export const failedWithoutVideo = (project: Failed) =>
  project.status === "failed" && project.originalVideoUrl === null;

/** Pure: what the user can do about a project that failed without a video, beside the reason. */
export function failureAdvice(project: Failed): string | null {
  if (!failedWithoutVideo(project)) return null;
  return project.sourceUrl !== null
    ? "Nothing was imported, so this project has no video. Check that the link plays in a browser and create a new project from it, or download the video and upload the file."
    : "The video was not kept, so this project has nothing to transcribe. Create a new project with the file (MP4, MOV, AVI, WMV, WebM or OGG).";
}
