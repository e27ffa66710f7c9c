import { may } from "./permissions.ts";
import type { ReviewStatus, Role } from "./workspaces.ts";

/** A review move refused: 403 for the role, 409 for the translation's state. */
export interface ReviewRefusal {
  code: "forbidden" | "conflict";
  message: string;
}

/**
 * Why a member with `role` may not move a translation's review from `from` to `to`, or null when they may:
 * the server refuses with it, and the review bar offers only the moves it allows. Editors send a
 * translation for review (or back to draft); reviewers approve it or send it back once it is in review
 * (or take back their verdict), and approve only when none of the threads they opened on it is still
 * open (`ownOpenThreads`): a reviewer does not pass what they still object to.
 */
export function reviewRefusal(
  role: Role,
  from: ReviewStatus,
  to: ReviewStatus,
  ownOpenThreads = 0,
): ReviewRefusal | null {
  if (to === "in_review" || to === "draft")
    return may(role, "translate")
      ? null
      : { code: "forbidden", message: "An editor sends a translation for review." };
  if (!may(role, "review")) return { code: "forbidden", message: "A reviewer gives the verdict." };
  if (from === "draft")
    return { code: "conflict", message: "This translation is a draft: an editor sends it for review first." };
  if (to === "approved" && ownOpenThreads > 0)
    return {
      code: "conflict",
      message: `Resolve your ${ownOpenThreads === 1 ? "open comment" : `${ownOpenThreads} open comments`} on this translation before approving it.`,
    };
  return null;
}
