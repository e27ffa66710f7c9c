import type { Resource } from "../workspaces/access.ts";

/**
 * The workspace resource a stored file belongs to, read from its key (storage/keys.ts): a project's files
 * under `projects/{id}/`, a storyboard's under `storyboards/{id}/`; null for the rest (voice samples,
 * exports, offline images), which no workspace membership governs.
 */
export function mediaOwner(key: string): { resource: Resource; id: string } | null {
  const [top, id] = key.split("/", 2);
  if (!id) return null;
  if (top === "projects") return { resource: "project", id };
  if (top === "storyboards") return { resource: "storyboard", id };
  return null;
}
