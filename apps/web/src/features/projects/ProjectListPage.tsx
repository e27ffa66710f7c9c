import { useState } from "react";
import { Link } from "react-router";
import { buttonPrimary, inputBase } from "../../components/button-styles.ts";
import { FolderIcon, PlusIcon, SearchIcon } from "../../components/icons.tsx";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useProjects } from "./api.ts";
import { filterByTitle } from "./filter.ts";
import { ProjectCard } from "./ProjectCard.tsx";

export default function ProjectListPage() {
  usePageTitle("Projects");
  const projects = useProjects();
  const [term, setTerm] = useState("");
  const shown = projects.data ? filterByTitle(projects.data, term) : [];

  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Projects</h1>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <label className="relative block">
            <span className="sr-only">Search projects</span>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Search projects"
              className={`${inputBase} pl-9 sm:w-64`}
            />
          </label>
          <Link to="/projects/new" className={buttonPrimary}>
            <PlusIcon className="size-4" /> New Project
          </Link>
        </div>
      </div>

      <div className="mt-8">
        {projects.isPending && <LoadingState label="Loading projects..." />}
        {projects.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            Failed to load projects. Please try again later.
          </p>
        )}
        {projects.data && shown.length === 0 && (
          <div className="rounded-2xl border-2 border-dashed border-slate-300 px-6 py-16 text-center">
            <FolderIcon className="mx-auto size-10 text-slate-400" />
            <h2 className="mt-3 font-semibold text-slate-900">No projects</h2>
            <p className="mt-1 text-sm text-slate-500">
              {term.trim()
                ? "No projects found matching the search term"
                : "Get started by creating a new project"}
            </p>
            {!term.trim() && (
              <Link to="/projects/new" className={`${buttonPrimary} mt-6`}>
                <PlusIcon className="size-4" /> New Project
              </Link>
            )}
          </div>
        )}
        {shown.length > 0 && (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Projects">
            {shown.map((p) => (
              <ProjectCard key={p._id} project={p} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
