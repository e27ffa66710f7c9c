// The workspace the app works in: kept in this browser (localStorage), sent as `?workspaceId=` by every
// list and creation; none kept means the personal one (the server's default).
const KEY = "dubbing.workspace";

export function currentWorkspaceId(): string | null {
  // no storage (a test outside a browser): the personal workspace
  return globalThis.localStorage?.getItem(KEY) ?? null;
}

export function setCurrentWorkspaceId(id: string | null): void {
  if (id) localStorage.setItem(KEY, id);
  else localStorage.removeItem(KEY);
}

/** `path` with the current workspace in its query (unchanged for the personal one). */
export function withWorkspace(path: string): string {
  const id = currentWorkspaceId();
  if (!id) return path;
  return `${path}${path.includes("?") ? "&" : "?"}workspaceId=${encodeURIComponent(id)}`;
}
