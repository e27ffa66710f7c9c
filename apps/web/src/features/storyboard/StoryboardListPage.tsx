import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonPrimary, inputBase } from "../../components/button-styles.ts";
import { RenameDeleteMenu } from "../../components/RenameDeleteMenu.tsx";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { formatDate } from "../blog/api.ts";
import { notify } from "../toast/toast-store.ts";
import { EDITS_HANDLED } from "../unsaved/unsaved-store.ts";
import { useUnsavedWork } from "../unsaved/use-unsaved-work.tsx";
import { useWorkspacePermissions } from "../workspaces/permissions.ts";
import {
  createStoryboard,
  deleteStoryboard,
  frameCount,
  renameStoryboard,
  storyboardsKey,
  useStoryboards,
} from "./api.ts";

const EMPTY_FORM = { title: "", transcript: "" };

export default function StoryboardListPage() {
  usePageTitle("Storyboard");
  const list = useStoryboards();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY_FORM);
  const { title, transcript } = form;
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), transcript: useId() };
  const { can } = useWorkspacePermissions(); // the contract's table the server enforces

  /** Creates the storyboard from the form; its id, or null when it could not (the form says why). */
  const create = async (): Promise<string | null> => {
    if (!title.trim() || !transcript.trim()) {
      setError("Title and transcript are required.");
      return null;
    }
    setError(null);
    setCreating(true);
    try {
      const board = await createStoryboard(title.trim(), transcript.trim());
      setForm(EMPTY_FORM);
      await client.invalidateQueries({ queryKey: storyboardsKey });
      return board._id;
    } catch (err) {
      console.error("Create storyboard", err);
      const message = (err as Error).message || "Failed to create the storyboard. Please try again.";
      setError(message);
      notify.error(message);
      return null;
    } finally {
      setCreating(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const id = await create();
    if (id) navigate(`/storyboard/${id}`, { state: EDITS_HANDLED });
  };

  const restoreOffer = useUnsavedWork({
    draftKey: "storyboard:new",
    dirty: title.trim() !== "" || transcript.trim() !== "",
    value: form,
    save: async () => (await create()) !== null,
    differs: (kept) => kept.title.trim() !== "" || kept.transcript.trim() !== "",
    restore: setForm,
    revert: () => setForm(EMPTY_FORM),
  });

  return (
    <div className="mx-auto max-w-4xl space-y-10">
      {can("storyboard") && (
        <form
          onSubmit={submit}
          noValidate
          className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Create a Storyboard</h1>
          {restoreOffer}
          <div>
            <label htmlFor={ids.title} className="block text-sm font-medium text-slate-900">
              Title
            </label>
            <input
              id={ids.title}
              required
              value={title}
              onChange={(e) => setForm({ ...form, title: e.target.value })}
              className={`${inputBase} mt-2`}
            />
          </div>
          <div>
            <label htmlFor={ids.transcript} className="block text-sm font-medium text-slate-900">
              Transcript
            </label>
            <textarea
              id={ids.transcript}
              required
              rows={10}
              value={transcript}
              onChange={(e) => setForm({ ...form, transcript: e.target.value })}
              className={`${inputBase} mt-2`}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end">
            <button type="submit" className={buttonPrimary} disabled={creating}>
              {creating ? "Creating..." : "Create Storyboard"}
            </button>
          </div>
        </form>
      )}

      <section aria-labelledby="boards-title">
        <h2 id="boards-title" className="text-lg font-semibold text-slate-900">
          Your Storyboards
        </h2>
        <div className="mt-4">
          {list.isPending && <LoadingState label="Loading storyboards..." />}
          {list.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
              Failed to load storyboards. Please try again later.
            </p>
          )}
          {list.data?.length === 0 && <p className="text-sm text-slate-500">No storyboards yet.</p>}
          {list.data && list.data.length > 0 && (
            <ul className="grid gap-4 sm:grid-cols-2">
              {list.data.map((b) => (
                <li key={b._id} className="relative">
                  <Link
                    to={`/storyboard/${b._id}`}
                    className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300"
                  >
                    <p className="pr-10 font-semibold text-slate-900">{b.title}</p>
                    <p className="mt-1 text-sm text-slate-500">
                      {formatDate(b.createdAt)} · {frameCount(b.frameCount ?? b.frames?.length ?? 0)}
                    </p>
                  </Link>
                  <div className="absolute top-3 right-3">
                    <StoryboardActions id={b._id} title={b.title} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}

/** Rename and delete for one storyboard, each only for a role that may (the contract's table). */
function StoryboardActions({ id, title }: { id: string; title: string }) {
  const client = useQueryClient();
  const { can } = useWorkspacePermissions();
  const refresh = (_done: unknown) => client.invalidateQueries({ queryKey: storyboardsKey });
  return (
    <RenameDeleteMenu
      what="storyboard"
      title={title}
      whatGoes="Its frames and its generated video are deleted now."
      rename={can("storyboard") ? async (next) => refresh(await renameStoryboard(id, next)) : undefined}
      remove={can("delete") ? async () => refresh(await deleteStoryboard(id)) : undefined}
    />
  );
}
