import type { Project, ProjectDetail } from "@dubbing/contract";
import type { ProjectRow } from "./repository.ts";
import type { Segment, Speaker } from "./schemas.ts";

export const RETENTION_DAYS = 30;
const MEDIA_TTL_SECONDS = 6 * 3600;

/**
 * A signed /media link to a stored file; `download` is the name it is saved under (signed with it); `user`:
 * the signed-in user it is for, whose membership GET /media checks (media/routes.ts).
 */
export type SignPath = (key: string, ttlSeconds: number, download?: string, user?: string) => string;

/**
 * The links of an answer to a signed-in user, bound to them: they stop working once the user leaves the
 * workspace. Links for machines or for the account owner's export (webhooks, exports) stay unbound.
 */
export function signedFor(sign: SignPath, userId: string): SignPath {
  return (key, ttlSeconds, download) => sign(key, ttlSeconds, download, userId);
}

/** The project as lists show it; `_id`, `originalVideoUrl` and `uploadedAt` keep the seed's names. */
export function presentProject(row: ProjectRow, sign: SignPath): Project {
  const url = (key: string | null) => (key ? sign(key, MEDIA_TTL_SECONDS) : null);
  return {
    _id: row.id,
    workspaceId: row.workspaceId,
    title: row.title,
    status: row.status,
    progress: row.progress,
    statusMessage: row.statusMessage,
    language: row.language,
    speakerCount: row.speakerCount,
    detectedLanguage: row.detectedLanguage ?? null,
    originalVideoUrl: url(row.originalKey),
    posterUrl: url(row.posterKey),
    previewUrl: url(row.previewKey),
    originalName: row.originalName,
    sourceUrl: row.sourceUrl,
    sizeBytes: row.sizeBytes,
    durationMs: row.durationMs,
    width: row.width,
    height: row.height,
    uploadedAt: row.uploadedAt.toISOString(),
    expiresAt: new Date(row.uploadedAt.getTime() + RETENTION_DAYS * 86_400_000).toISOString(),
  };
}

/** One project with its speakers and transcript. */
export function presentProjectDetail(
  row: ProjectRow,
  sign: SignPath,
  words: { speakers: Speaker[]; transcript: Segment[] },
): ProjectDetail {
  // Only the two fields: callers pass the read cache's entry, which also holds the database row.
  return { ...presentProject(row, sign), speakers: words.speakers, transcript: words.transcript };
}
