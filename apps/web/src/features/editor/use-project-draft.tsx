import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useReducer, useState } from "react";
import { ApiError } from "../../api/client.ts";
import type { ProjectDetail } from "../../api/types.ts";
import { projectKey, projectsKey } from "../projects/api.ts";
import { notify } from "../toast/toast-store.ts";
import { useUnsavedWork } from "../unsaved/use-unsaved-work.tsx";
import { workspacesKey } from "../workspaces/api.ts";
import { roleRefusal } from "../workspaces/refusal.ts";
import { saveProject } from "./api.ts";
import { draftReducer, newDraft } from "./draft.ts";

/**
 * The project's working copy (speakers and transcript) with its undo history: replaced by a reloaded
 * project unless edited, saved on request (the field errors kept to show), kept as a draft while unsaved.
 */
export function useProjectDraft(project: ProjectDetail) {
  const id = project._id;
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  const [draft, dispatch] = useReducer(draftReducer, newDraft(project.speakers, project.transcript ?? []));

  // A reloaded project (after processing, or after save) becomes the working copy unless there are edits.
  useEffect(() => {
    if (!draft.dirty)
      dispatch({ type: "reset", speakers: project.speakers, transcript: project.transcript ?? [] });
  }, [project.speakers, project.transcript, draft.dirty]);

  const save = async (): Promise<boolean> => {
    if (!draft.dirty) return true;
    setSaving(true);
    setSaveErrors([]);
    try {
      const saved = await saveProject(id, { speakers: draft.speakers, transcript: draft.transcript });
      client.setQueryData(projectKey(id), saved);
      dispatch({ type: "reset", speakers: saved.speakers, transcript: saved.transcript ?? draft.transcript });
      client.invalidateQueries({ queryKey: projectsKey, exact: true });
      notify.success("Changes saved successfully");
      return true;
    } catch (error) {
      // refused for the role (it changed since the page offered the control): undone, and said so
      const refused = roleRefusal(error, "Your unsaved changes were undone.");
      if (refused) {
        dispatch({ type: "reset", speakers: project.speakers, transcript: project.transcript ?? [] });
        void client.invalidateQueries({ queryKey: workspacesKey });
        notify.error(refused);
        return false;
      }
      console.error("Failed to save changes", error);
      if (error instanceof ApiError && error.details.length > 0) {
        setSaveErrors(error.details.map((d) => `${d.path}: ${d.message}`));
      } else if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        setSaveErrors([error.message]);
      }
      notify.error("Failed to save changes");
      return false;
    } finally {
      setSaving(false);
    }
  };

  const doc = useMemo(
    () => ({ speakers: draft.speakers, transcript: draft.transcript }),
    [draft.speakers, draft.transcript],
  );
  const restoreOffer = useUnsavedWork({
    draftKey: `project:${id}`,
    dirty: draft.dirty,
    value: doc,
    save,
    differs: (kept) =>
      JSON.stringify(kept) !==
      JSON.stringify({ speakers: project.speakers, transcript: project.transcript ?? [] }),
    restore: (kept) => dispatch({ type: "restore", doc: kept }),
    revert: () =>
      dispatch({ type: "reset", speakers: project.speakers, transcript: project.transcript ?? [] }),
  });

  return { draft, dispatch, saving, saveErrors, save, restoreOffer };
}
