import type { ReviewStatus, TranslationStatus } from "@dubbing/contract";

/** A verdict refused for who gives it or what the translation is doing: 403 or 409. */
export interface VerdictRefusal {
  code: "forbidden" | "conflict";
  message: string;
}

/**
 * Why `userId` may not move the review to `to`, beyond what their role allows (contract review-rules.ts),
 * or null. Approving is a reviewer's act on someone else's work: whoever made the last change of the text
 * (an edit, a translation asked for, an import: projects/review-reset.ts) does not approve it, whatever
 * their role (an owner or admin approves others' changes, not their own). Nothing is approved while the
 * text is being made again: the machine's new text would replace what was looked at.
 */
export function verdictRefusal(
  userId: string,
  to: ReviewStatus,
  translation: { status: TranslationStatus; editedBy: string | null },
): VerdictRefusal | null {
  if (translation.status === "translating" && to === "approved")
    return {
      code: "conflict",
      message: "This translation is being made again: approve it when its new text is there.",
    };
  if (to === "approved" && translation.editedBy === userId)
    return {
      code: "forbidden",
      message: "You made the last change to this translation's text: another reviewer approves it.",
    };
  return null;
}
