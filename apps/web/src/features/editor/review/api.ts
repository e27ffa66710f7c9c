import type { LineComment, LineCommentList, ReviewStatus, TranslationReview } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, jsonBody } from "../../../api/client.ts";
import { useWorkspaces } from "../../workspaces/api.ts";
import { useProject } from "../api.ts";

const video = (id: string) => `/api/video/${encodeURIComponent(id)}`;
export const commentsKey = (id: string, language: string) => ["projects", id, "comments", language] as const;

/**
 * The project's workspace, with the caller's role there: what the editor offers follows it, whichever
 * workspace the app has chosen (a link can open a project of another one).
 */
export function useProjectWorkspace(projectId: string) {
  const { data: workspaces } = useWorkspaces();
  const { data: project } = useProject(projectId);
  return project && workspaces?.find((w) => w.id === project.workspaceId);
}

export const setReviewStatus = (id: string, language: string, status: ReviewStatus) =>
  apiFetch<TranslationReview>(
    `${video(id)}/translations/${encodeURIComponent(language)}/status`,
    jsonBody("PUT", { status }),
  );

export function useComments(id: string, language: string) {
  return useQuery({
    queryKey: commentsKey(id, language),
    queryFn: async () =>
      (await apiFetch<LineCommentList>(`${video(id)}/comments?language=${encodeURIComponent(language)}`))
        .comments,
  });
}

export const postComment = (
  id: string,
  comment: { language: string; line: number; body: string; parentId?: string },
) => apiFetch<LineComment>(`${video(id)}/comments`, jsonBody("POST", comment));

export const resolveComment = (id: string, commentId: string, resolved: boolean) =>
  apiFetch<LineComment>(`${video(id)}/comments/${commentId}`, jsonBody("PUT", { resolved }));
