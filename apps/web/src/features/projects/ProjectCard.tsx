import { useRef } from "react";
import { Link } from "react-router";
import type { Project } from "../../api/types.ts";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { relativeTime } from "../../lib/relative-time.ts";
import { isWorking } from "./api.ts";
import { ProjectActions } from "./ProjectActions.tsx";

/** A project card: a preview that plays muted and looped on hover and resets on leave. */
export function ProjectCard({ project }: { project: Project }) {
  const video = useRef<HTMLVideoElement>(null);
  const src = project.previewUrl ?? project.originalVideoUrl;
  const play = () => {
    video.current?.play().catch(() => {});
  };
  const reset = () => {
    const v = video.current;
    if (!v) return;
    v.pause();
    v.currentTime = 0;
  };
  return (
    <li className="relative">
      <Link
        to={`/projects/${project._id}`}
        onMouseEnter={play}
        onMouseLeave={reset}
        onFocus={play}
        onBlur={reset}
        className="group block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <div className="relative aspect-video bg-slate-900" aria-hidden="true">
          {src ? (
            <video
              ref={video}
              src={src}
              poster={project.posterUrl ?? undefined}
              muted
              loop
              playsInline
              preload="metadata"
              data-testid="card-preview"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-slate-400">
              {project.status === "failed" ? "Failed: no video" : "Preparing preview…"}
            </div>
          )}
        </div>
        <div className="p-4">
          <h2 className="truncate font-semibold text-slate-900 group-hover:text-indigo-700">
            {project.title}
          </h2>
          <p className="mt-1 flex items-center justify-between gap-2 text-sm text-slate-500">
            <span data-testid="project-status">Status: {project.status}</span>
            <time dateTime={project.uploadedAt}>{relativeTime(project.uploadedAt)}</time>
          </p>
          {isWorking(project) && (
            <div className="mt-3">
              <ProgressBar value={project.progress} label={`${project.title} progress`} />
              {project.statusMessage && (
                <p className="mt-1 truncate text-xs text-slate-500">{project.statusMessage}</p>
              )}
            </div>
          )}
          {project.status === "failed" && project.statusMessage && (
            <p className="mt-2 text-xs text-red-700">{project.statusMessage}</p>
          )}
        </div>
      </Link>
      {/* outside the link: the menu is its own control, not part of opening the project */}
      <div className="absolute top-2 right-2 rounded-lg bg-white/90 shadow-sm">
        <ProjectActions project={project} />
      </div>
    </li>
  );
}
