import { type LineComment, type ReviewStatus, type Role, reviewRefusal } from "@dubbing/contract";

export const STATUS_LABEL: Record<ReviewStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  changes_requested: "Changes requested",
};

export interface ReviewAction {
  to: ReviewStatus;
  label: string;
  /** Why the move is not open now (e.g. the reviewer's own thread is still open), shown beside it. */
  blocked: string | null;
}

const MOVES: { to: ReviewStatus; label: string }[] = [
  { to: "in_review", label: "Send for review" },
  { to: "approved", label: "Approve" },
  { to: "changes_requested", label: "Request changes" },
];

/** Why Approve is held back from whoever made the translation's last change (server: review/approver.ts). */
export const OWN_CHANGE = "You made the last change: another reviewer approves it.";

/**
 * Pure: the review moves a member with `role` is offered from `status`, by the contract's rule the server
 * enforces (reviewRefusal): what the role may never do is not offered; what the translation's state, the
 * member's own open threads (`ownOpenThreads`) or their own last change of the text (`editedByYou`) forbid
 * for now is offered with why. The server decides.
 */
export function reviewActions(
  role: Role | undefined,
  status: ReviewStatus,
  ownOpenThreads = 0,
  editedByYou = false,
): ReviewAction[] {
  if (!role) return [];
  return MOVES.filter((m) => m.to !== status).flatMap((m) => {
    const refusal = reviewRefusal(role, status, m.to, ownOpenThreads);
    // a draft waits for an editor: a reviewer has nothing to give a verdict on yet
    if (refusal && (refusal.code === "forbidden" || status === "draft")) return [];
    const own = m.to === "approved" && editedByYou ? OWN_CHANGE : null;
    return [{ ...m, blocked: refusal?.message ?? own }];
  });
}

/** Pure: how many threads `author` opened in `comments` (one language's) that are still open. */
export function ownOpenThreads(comments: LineComment[], author: string | undefined): number {
  return comments.filter((c) => c.parentId === null && !c.resolved && author && c.author === author).length;
}

export interface Thread {
  first: LineComment;
  replies: LineComment[];
}

/** Pure: a line's threads, each its first comment and its replies, in the order they were written. */
export function lineThreads(comments: LineComment[], line: number): Thread[] {
  const threads = new Map<string, Thread>();
  for (const c of comments)
    if (c.line === line && c.parentId === null) threads.set(c.id, { first: c, replies: [] });
  for (const c of comments) if (c.parentId !== null) threads.get(c.parentId)?.replies.push(c);
  return [...threads.values()];
}

/** Pure: how many open (unresolved) threads each line has. */
export function openThreadCounts(comments: LineComment[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const c of comments)
    if (c.parentId === null && !c.resolved) counts.set(c.line, (counts.get(c.line) ?? 0) + 1);
  return counts;
}
