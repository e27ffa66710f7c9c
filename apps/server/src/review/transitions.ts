import { type ReviewStatus, type Role, roleAtLeast } from "@dubbing/contract";

/**
 * Why a member with `role` may not move a translation's review from `from` to `to`, or null when they may.
 * Editors send a translation for review (or back to draft); reviewers approve it or send it back, once it
 * is in review (or to take back their verdict).
 */
export function reviewRefusal(
  role: Role,
  from: ReviewStatus,
  to: ReviewStatus,
): { code: "forbidden" | "conflict"; message: string } | null {
  if (to === "in_review" || to === "draft")
    return roleAtLeast(role, "editor")
      ? null
      : { code: "forbidden", message: "An editor sends a translation for review." };
  if (from === "draft")
    return { code: "conflict", message: "This translation is a draft: an editor sends it for review first." };
  return null;
}
