import type { LineComment } from "@dubbing/contract";
import { CommentForm } from "./CommentForm.tsx";
import type { Thread } from "./review-state.ts";

function Comment({ comment }: { comment: LineComment }) {
  return (
    <div>
      <p className="text-xs text-slate-500">
        {comment.author ?? "A former member"} · {new Date(comment.createdAt).toLocaleString()}
      </p>
      <p className="whitespace-pre-wrap text-sm text-slate-800">{comment.body}</p>
    </div>
  );
}

/** A thread: its first comment, its replies, and (for who may write) a reply and resolve / reopen. */
export function CommentThread({
  thread,
  canWrite,
  onReply,
  onResolve,
}: {
  thread: Thread;
  canWrite: boolean;
  onReply: (body: string) => Promise<void>;
  onResolve: (resolved: boolean) => void;
}) {
  const { first, replies } = thread;
  return (
    <li
      data-testid="comment-thread"
      className={`space-y-2 rounded-md border p-2 ${first.resolved ? "border-slate-200 opacity-70" : "border-amber-300"}`}
    >
      <Comment comment={first} />
      {replies.length > 0 && (
        <ul className="space-y-2 border-l-2 border-slate-200 pl-3">
          {replies.map((r) => (
            <li key={r.id}>
              <Comment comment={r} />
            </li>
          ))}
        </ul>
      )}
      {first.resolved && <p className="text-xs font-medium text-slate-500">Resolved</p>}
      {canWrite && (
        <div className="space-y-2">
          <button
            type="button"
            onClick={() => onResolve(!first.resolved)}
            className="rounded-md border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700"
          >
            {first.resolved ? "Reopen" : "Resolve"}
          </button>
          {!first.resolved && <CommentForm label="Reply" submitLabel="Reply" onSubmit={onReply} />}
        </div>
      )}
    </li>
  );
}
