import { toApiError } from "../../api/client.ts";
import type { ProjectDetail } from "../../api/types.ts";
import { withWorkspace } from "../workspaces/current.ts";

/** The specified text for an upload that fails for a reason the server did not explain. */
export const UPLOAD_FAILED = "Failed to upload video. Please try again.";

/** Server errors whose own message tells the user what to do (the plan limit message names the minutes left). */
const EXPLAINED = new Set([
  "title_required",
  "file_required",
  "empty_file",
  "file_too_large",
  "unsupported_media_type",
  "unsupported_video",
  "plan_limit_reached",
  "validation_failed",
]);

export function uploadErrorMessage(status: number, body: unknown): string {
  const error = toApiError(status, "", body);
  return EXPLAINED.has(error.code) && error.message ? error.message : UPLOAD_FAILED;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Who watches an upload: its progress, a cancel, and (in tests) the request it goes by. */
export interface UploadWatch {
  onProgress: (p: UploadProgress) => void;
  signal?: AbortSignal;
  createXhr?: () => XMLHttpRequest;
}

/**
 * POST /api/video/process as multipart (`video`, `title`) with XMLHttpRequest, whose upload events give
 * real progress (fetch cannot report upload progress).
 */
export function uploadVideo(
  file: File,
  fields: { title: string; language: string; speakers?: string; subtitles?: File | null },
  { onProgress, signal, createXhr = () => new XMLHttpRequest() }: UploadWatch,
): Promise<ProjectDetail> {
  return new Promise((resolve, reject) => {
    const xhr = createXhr();
    xhr.open("POST", withWorkspace("/api/video/process"));
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) =>
      onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201 || xhr.status === 200) resolve(body as ProjectDetail);
      else reject(new Error(uploadErrorMessage(xhr.status, body)));
    };
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    // Title and language go first so the server knows them before the (possibly huge) file streams in.
    form.append("title", fields.title);
    form.append("language", fields.language);
    if (fields.speakers) form.append("speakers", fields.speakers);
    // Subtitles (small) before the video too: a bad file is refused before the video is read.
    if (fields.subtitles) form.append("subtitles", fields.subtitles, fields.subtitles.name);
    form.append("video", file, file.name);
    xhr.send(form);
  });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[i]}`;
}
