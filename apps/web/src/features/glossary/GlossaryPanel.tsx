import type { GlossaryAnswer } from "@dubbing/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, apiFetch, jsonBody } from "../../api/client.ts";
import type { Language } from "../../api/types.ts";
import { buttonPrimary, buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { notify } from "../toast/toast-store.ts";
import { withWorkspace } from "../workspaces/current.ts";
import { useProjectPermissions, useWorkspacePermissions } from "../workspaces/permissions.ts";
import { blankRow, type GlossaryRow, KEEP, toGlossary, toRows } from "./rows.ts";

/** Where a glossary lives: a project's (`/api/video/{id}/glossary`) or the account's defaults. */
const glossaryPath = (projectId?: string) =>
  projectId ? `/api/video/${encodeURIComponent(projectId)}/glossary` : withWorkspace("/api/account/glossary");

/** The toast after a save: which glossary, and how many terms it now holds. */
function savedMessage(path: string, terms: number): string {
  const which = path === glossaryPath() ? "Glossary for all your projects" : "Glossary for this project";
  return `${which} saved: ${terms === 1 ? "1 term" : `${terms} terms`}.`;
}

/** The glossary's problem in words: the server's message and, per entry, which row it is about. */
function problemOf(error: unknown): string {
  if (!(error instanceof ApiError)) return "The glossary could not be saved. Try again.";
  const detail = error.details[0];
  const entry = detail && /^glossary\.(\d+)/.exec(detail.path);
  return entry ? `Term ${Number(entry[1]) + 1}: ${detail.message}` : (detail?.message ?? error.message);
}

/** A glossary as a role that may not change it reads it: each term and what it becomes. */
function GlossaryTerms({ title, path, languages }: { title: string; path: string; languages: Language[] }) {
  const query = useQuery({ queryKey: ["glossary", path], queryFn: () => apiFetch<GlossaryAnswer>(path) });
  const rows = query.data ? toRows(query.data.glossary) : [];
  const name = (code: string) => languages.find((l) => l.code === code)?.name ?? code;
  return (
    <div className="space-y-1" data-testid="glossary-read-only">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {query.isError && <p className="text-sm text-red-700">The glossary could not be loaded.</p>}
      {query.data && rows.length === 0 && <p className="text-sm text-slate-500">No terms.</p>}
      <ul className="space-y-1 text-sm text-slate-700">
        {rows.map((row) => (
          <li key={row.key}>
            {row.term} → {row.target === KEEP ? "kept as is" : `${row.translation} (in ${name(row.target)})`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One glossary's editor: each row a term kept as it is or its translation into one language. Saved as a
 * whole (PUT); a term with several languages is several rows.
 */
function GlossaryList({
  title,
  hint,
  path,
  languages,
  sourceLanguage,
}: {
  title: string;
  hint: string;
  path: string;
  languages: Language[];
  sourceLanguage: string;
}) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ["glossary", path],
    queryFn: () => apiFetch<GlossaryAnswer>(path),
  });
  const [rows, setRows] = useState<GlossaryRow[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && rows === null) setRows(toRows(query.data.glossary));
  }, [query.data, rows]);
  const targets = languages.filter((l) => l.code !== sourceLanguage);
  const list = rows ?? [];
  const edited =
    rows !== null && JSON.stringify(toGlossary(rows)) !== JSON.stringify(query.data?.glossary ?? []);
  const change = (key: number, patch: Partial<GlossaryRow>) =>
    setRows(list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const saved = await apiFetch<GlossaryAnswer>(path, jsonBody("PUT", { glossary: toGlossary(list) }));
      client.setQueryData(["glossary", path], saved);
      setRows(toRows(saved.glossary));
      notify.success(savedMessage(path, saved.glossary.length));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">{title}</legend>
      <p className="text-xs text-slate-500">{hint}</p>
      {query.isError && <p className="text-sm text-red-700">The glossary could not be loaded.</p>}
      {rows !== null && list.length === 0 && <p className="text-sm text-slate-500">No terms yet.</p>}
      <ul className="space-y-2">
        {list.map((row, i) => (
          <li key={row.key} className="flex flex-wrap items-center gap-2">
            <input
              aria-label={`Term ${i + 1}`}
              placeholder="Term, e.g. Acme Cloud"
              value={row.term}
              maxLength={100}
              onChange={(e) => change(row.key, { term: e.target.value })}
              className={`${inputBase} min-w-0 flex-1`}
            />
            <select
              aria-label={`What term ${i + 1} becomes`}
              value={row.target}
              onChange={(e) => change(row.key, { target: e.target.value })}
              className={`${inputBase} w-auto`}
            >
              <option value={KEEP}>Keep as is</option>
              {targets.map((l) => (
                <option key={l.code} value={l.code}>
                  In {l.name}
                </option>
              ))}
            </select>
            {row.target !== KEEP && (
              <input
                aria-label={`Translation of term ${i + 1}`}
                placeholder="Translation"
                value={row.translation}
                maxLength={100}
                onChange={(e) => change(row.key, { translation: e.target.value })}
                className={`${inputBase} min-w-0 flex-1`}
              />
            )}
            <button
              type="button"
              aria-label={`Remove term ${i + 1}`}
              onClick={() => setRows(list.filter((r) => r.key !== row.key))}
              className="rounded px-2 text-lg text-slate-500 hover:text-red-700"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonSecondary}
          disabled={rows === null}
          onClick={() => setRows([...list, blankRow()])}
        >
          Add term
        </button>
        <button type="button" className={buttonPrimary} disabled={!edited || saving} onClick={save}>
          {saving ? "Saving..." : "Save glossary"}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * "Glossary": terms every translation keeps as they are (brand names) or translates your way — this
 * project's, and the defaults for all your projects (a project's term wins over a default).
 */
export function GlossaryPanel({
  projectId,
  languages,
  sourceLanguage,
}: {
  projectId: string;
  languages: Language[];
  sourceLanguage: string;
}) {
  const projectCan = useProjectPermissions(projectId).can;
  const workspaceCan = useWorkspacePermissions().can;
  return (
    <section
      aria-labelledby="glossary-title"
      className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div>
        <h2 id="glossary-title" className="font-semibold text-slate-900">
          Glossary
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Terms translations keep as they are or translate your way. Applies to the next translation.
        </p>
      </div>
      {projectCan("glossary") ? (
        <GlossaryList
          title="This project"
          hint="Used only in this project; wins over your defaults."
          path={glossaryPath(projectId)}
          languages={languages}
          sourceLanguage={sourceLanguage}
        />
      ) : (
        <GlossaryTerms title="This project" path={glossaryPath(projectId)} languages={languages} />
      )}
      {workspaceCan("glossary") ? (
        <GlossaryList
          title="All my projects"
          hint="Your defaults, used in every project."
          path={glossaryPath()}
          languages={languages}
          sourceLanguage={sourceLanguage}
        />
      ) : (
        <GlossaryTerms title="All my projects" path={glossaryPath()} languages={languages} />
      )}
    </section>
  );
}
