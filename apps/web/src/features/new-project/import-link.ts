import { importLinkSchema, type LinkImportBody, type SpokenLanguage } from "@dubbing/contract";
import { ApiError, apiFetch, jsonBody } from "../../api/client.ts";
import type { ProjectDetail } from "../../api/types.ts";
import { withWorkspace } from "../workspaces/current.ts";
import { uploadErrorMessage } from "./upload-video.ts";

/** Pure: what is wrong with a typed link (the spec's "Invalid YouTube link" included), or null. */
export function linkProblem(link: string): string | null {
  if (link.trim() === "") return null;
  const checked = importLinkSchema.safeParse(link);
  return checked.success ? null : (checked.error.issues[0]?.message ?? "Invalid link");
}

/**
 * POST /api/video/process with a link instead of a file: the server records the project at once and its
 * worker downloads the video (the project page shows the download's progress, or why it failed).
 */
export async function importLink(fields: {
  title: string;
  url: string;
  language: string;
  speakers: string;
}): Promise<ProjectDetail> {
  const body: LinkImportBody = {
    title: fields.title,
    url: fields.url.trim(),
    // the form offers only the list's codes; the server parses it again
    language: fields.language as SpokenLanguage,
    speakers: fields.speakers === "auto" ? "auto" : Number(fields.speakers),
  };
  try {
    return await apiFetch<ProjectDetail>(withWorkspace("/api/video/process"), jsonBody("POST", body));
  } catch (error) {
    if (error instanceof ApiError)
      throw new Error(
        uploadErrorMessage(error.status, { error: { code: error.code, message: error.message } }),
      );
    throw new Error(uploadErrorMessage(0, null));
  }
}
