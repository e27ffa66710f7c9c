import type { ReviewStatus, TranslationReview } from "@dubbing/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentUser } from "../../auth/session.ts";
import { notify } from "../../toast/toast-store.ts";
import { translationsKey } from "../api.ts";
import { setReviewStatus, useComments, useProjectWorkspace } from "./api.ts";
import { ownOpenThreads, reviewActions, STATUS_LABEL } from "./review-state.ts";

const BADGE: Record<ReviewStatus, string> = {
  draft: "bg-slate-100 text-slate-700",
  in_review: "bg-sky-100 text-sky-800",
  approved: "bg-emerald-100 text-emerald-800",
  changes_requested: "bg-amber-100 text-amber-900",
};

/** A translation's review status (who set it and when) and the moves the caller's role allows. */
export function ReviewBar({
  projectId,
  translation: { language, review },
  dubRefusal,
}: {
  projectId: string;
  translation: { language: string; review: TranslationReview };
  /** Why the server last refused to dub this translation (e.g. it waits for approval). */
  dubRefusal: string | null;
}) {
  const client = useQueryClient();
  const workspace = useProjectWorkspace(projectId);
  const [busy, setBusy] = useState(false);
  const me = useCurrentUser().data?.email;
  const comments = useComments(projectId, language).data ?? [];
  const actions = reviewActions(
    workspace?.role,
    review.status,
    ownOpenThreads(comments, me),
    review.editedByYou,
  );

  async function move(to: ReviewStatus) {
    setBusy(true);
    try {
      await setReviewStatus(projectId, language, to);
      await client.invalidateQueries({ queryKey: translationsKey(projectId) });
    } catch (error) {
      notify.error((error as Error).message || "The review could not be changed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Review" className="flex flex-wrap items-center gap-2 text-sm">
      <span
        data-testid="review-status"
        className={`rounded-full px-2.5 py-0.5 font-medium ${BADGE[review.status]}`}
      >
        {STATUS_LABEL[review.status]}
      </span>
      {review.by && (
        <span className="text-slate-500">
          by {review.by}
          {review.at && ` on ${new Date(review.at).toLocaleString()}`}
        </span>
      )}
      {review.note && <span className="text-slate-500">{review.note}</span>}
      {workspace?.dubOnlyApproved && (
        <span className="text-slate-500">This workspace dubs only approved translations.</span>
      )}
      {actions.map((a) => (
        <button
          key={a.to}
          type="button"
          disabled={busy || a.blocked !== null}
          title={a.blocked ?? undefined}
          aria-describedby={a.blocked ? `review-blocked-${a.to}` : undefined}
          onClick={() => void move(a.to)}
          className="rounded-md border border-slate-300 px-2.5 py-1 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          {a.label}
        </button>
      ))}
      {actions.map(
        (a) =>
          a.blocked && (
            <p key={a.to} id={`review-blocked-${a.to}`} className="w-full text-slate-600">
              {a.blocked}
            </p>
          ),
      )}
      {dubRefusal && (
        <p role="alert" className="w-full rounded-md bg-amber-50 p-2 text-amber-900">
          {dubRefusal}
        </p>
      )}
    </section>
  );
}
