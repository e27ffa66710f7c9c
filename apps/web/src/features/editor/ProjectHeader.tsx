import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { ProjectDetail } from "../../api/types.ts";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { isWorking } from "../projects/api.ts";
import { ProjectActions } from "../projects/ProjectActions.tsx";
import { EDITS_HANDLED } from "../unsaved/unsaved-store.ts";
import { usePermissionsIn } from "../workspaces/permissions.ts";
import { failedWithoutVideo, failureAdvice } from "./failure-advice.ts";
import { SpokenLanguage } from "./SpokenLanguage.tsx";

/** The editor's heading: title and actions, status, spoken language, storage date, and the save button. */
export function ProjectHeader({ project, saveButton }: { project: ProjectDetail; saveButton: ReactNode }) {
  const navigate = useNavigate();
  const editable = usePermissionsIn(project.workspaceId).can("edit");
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900">{project.title}</h1>
          <ProjectActions
            project={project}
            onDeleted={() => navigate("/projects", { state: EDITS_HANDLED })}
          />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Status:{" "}
          <span className="font-medium text-slate-900" data-testid="project-status">
            {project.status}
          </span>
          <SpokenLanguage
            project={project}
            canChange={
              editable &&
              (project.status === "ready" || (project.status === "failed" && !failedWithoutVideo(project)))
            }
          />
          {project.expiresAt && (
            <span className="ml-3 text-slate-500">
              Stored until{" "}
              {new Date(project.expiresAt).toLocaleDateString("en-US", { month: "short", day: "numeric" })}
            </span>
          )}
        </p>
      </div>
      {project.status === "ready" && saveButton}
    </div>
  );
}

/** Processing progress, the note a finished project may carry, or why it failed. */
export function ProjectStatusNotes({ project }: { project: ProjectDetail }) {
  const advice = failureAdvice(project);
  return (
    <>
      {isWorking(project) && (
        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-live="polite">
          <ProgressBar value={project.progress} label="Processing progress" />
          <p className="mt-2 text-sm text-slate-600">
            {project.statusMessage ?? "Processing your video..."} ({Math.round(project.progress)}%)
          </p>
        </div>
      )}
      {project.status === "ready" && project.statusMessage && (
        <p
          role="status"
          className="mt-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="project-note"
        >
          {project.statusMessage}
        </p>
      )}
      {project.status === "failed" && (
        <div role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{project.sourceUrl ? "Import failed" : "Processing failed"}</p>
          <p className="mt-1">{project.statusMessage ?? "No reason was recorded."}</p>
          {advice && (
            <p className="mt-2">
              {advice}{" "}
              <Link to="/projects/new" className="font-semibold underline">
                New project
              </Link>
            </p>
          )}
        </div>
      )}
    </>
  );
}
