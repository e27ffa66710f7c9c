import { type LineComment, type ReviewStatus, type Role, roleAtLeast } from "@dubbing/contract";

export const STATUS_LABEL: Record<ReviewStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  approved: "Approved",
  changes_requested: "Changes requested",
};

export interface ReviewAction {
  to: ReviewStatus;
  label: string;
}

/**
 * Pure: the review moves a member with `role` is offered from `status`. It mirrors who the server lets
 * do what (editors send for review, reviewers give a verdict on what is in review); the server decides.
 */
export function reviewActions(role: Role | undefined, status: ReviewStatus): ReviewAction[] {
  if (!role || !roleAtLeast(role, "reviewer")) return [];
  const actions: ReviewAction[] = [];
  if (roleAtLeast(role, "editor") && status !== "in_review")
    actions.push({ to: "in_review", label: "Send for review" });
  if (status !== "draft") {
    if (status !== "approved") actions.push({ to: "approved", label: "Approve" });
    if (status !== "changes_requested") actions.push({ to: "changes_requested", label: "Request changes" });
  }
  return actions;
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
