import type { ReactNode } from "react";
import { LoadingState } from "../../components/Spinner.tsx";

export const card = "rounded-2xl border border-slate-200 bg-white p-6";
export const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500";
export const td = "px-3 py-2 align-top text-sm text-slate-800";

/** A table's column headings; `actions` adds the last, unlabelled column of row buttons. */
export function ColumnHeads({ names, actions = false }: { names: string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className={th}>
            {name}
          </th>
        ))}
        {actions && (
          <th scope="col" className={th}>
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** A query's loading, error and empty states, else its content. */
export function QueryState<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={`Loading ${what}...`} />;
  if (query.isError || query.data === undefined)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        Could not load {what}: {query.error?.message ?? "unknown error"}
      </p>
    );
  if (isEmpty?.(query.data))
    return <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{empty}</p>;
  return <>{children(query.data)}</>;
}

/** A readable time, with the exact one on hover. */
export function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {new Date(iso).toLocaleString()}
    </time>
  );
}

/** "Older" for a list read page by page (newest first). */
export function Pager({
  next,
  onOlder,
  onNewest,
  atStart,
}: {
  next: string | null;
  onOlder: () => void;
  onNewest: () => void;
  atStart: boolean;
}) {
  if (!next && atStart) return null;
  return (
    <div className="mt-3 flex gap-2">
      {!atStart && (
        <button
          type="button"
          className="text-sm font-semibold text-indigo-700 hover:underline"
          onClick={onNewest}
        >
          Newest
        </button>
      )}
      {next && (
        <button
          type="button"
          className="text-sm font-semibold text-indigo-700 hover:underline"
          onClick={onOlder}
        >
          Older
        </button>
      )}
    </div>
  );
}
