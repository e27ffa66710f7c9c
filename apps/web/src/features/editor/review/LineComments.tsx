import { type LineComment, may } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { notify } from "../../toast/toast-store.ts";
import { commentsKey, postComment, resolveComment, useComments, useProjectWorkspace } from "./api.ts";
import { CommentForm } from "./CommentForm.tsx";
import { CommentThread } from "./CommentThread.tsx";
import { lineThreads } from "./review-state.ts";

/** A translation's comments, loaded once: `(line) =>` that line's LineComments. */
export function useLineComments(projectId: string, language: string) {
  const comments = useComments(projectId, language);
  const role = useProjectWorkspace(projectId)?.role;
  return (line: number) => (
    <LineComments
      {...{ projectId, language, line }}
      comments={comments.data ?? []}
      failed={comments.isError}
      canWrite={may(role, "comment")}
    />
  );
}

/**
 * A line's comments: a button with its count of open threads that opens the threads; who may write (a
 * reviewer and up) comments, replies and resolves, a viewer only reads.
 */
export function LineComments({
  projectId,
  language,
  line,
  comments,
  failed,
  canWrite,
}: {
  projectId: string;
  language: string;
  line: number;
  comments: LineComment[];
  failed: boolean;
  canWrite: boolean;
}) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const threads = lineThreads(comments, line);
  const openCount = threads.filter((t) => !t.first.resolved).length;
  const refresh = () => client.invalidateQueries({ queryKey: commentsKey(projectId, language) });

  async function write(body: string, parentId?: string) {
    await postComment(projectId, { language, line, body, ...(parentId && { parentId }) });
    await refresh();
  }
  async function resolve(id: string, resolved: boolean) {
    try {
      await resolveComment(projectId, id, resolved);
      await refresh();
    } catch (error) {
      notify.error((error as Error).message || "The thread could not be changed");
    }
  }

  return (
    <div className="mt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        aria-label={`Comments on line ${line + 1}: ${openCount} open`}
        onClick={() => setOpen(!open)}
        className={`rounded-md px-2 py-0.5 text-xs font-medium ${openCount ? "bg-amber-100 text-amber-900" : "text-slate-500 hover:bg-slate-100"}`}
      >
        {openCount ? `${openCount} open comment${openCount === 1 ? "" : "s"}` : "Comments"}
      </button>
      {open && (
        <section id={panel} aria-label={`Comments on line ${line + 1}`} className="mt-2 space-y-2">
          {failed ? (
            <p role="alert" className="text-sm text-red-700">
              The comments could not be loaded.
            </p>
          ) : threads.length === 0 ? (
            <p className="text-sm text-slate-500">No comments on this line yet.</p>
          ) : (
            <ul className="space-y-2">
              {threads.map((t) => (
                <CommentThread
                  key={t.first.id}
                  thread={t}
                  canWrite={canWrite}
                  onReply={(body) => write(body, t.first.id)}
                  onResolve={(resolved) => void resolve(t.first.id, resolved)}
                />
              ))}
            </ul>
          )}
          {canWrite && (
            <CommentForm label={`Comment on line ${line + 1}`} submitLabel="Comment" onSubmit={write} />
          )}
        </section>
      )}
    </div>
  );
}
