const KEY = "dubbing.returnTo";

/** Only same-site paths are followed after sign-in, never another origin. */
export function safePath(path: string | null | undefined): string | null {
  if (!path?.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  if (/^\/(login|register|signup)(\/|\?|$)/.test(path)) return null;
  return path;
}

/** Remembers where a visitor was going; the magic link may open in another tab, so localStorage. */
export function rememberReturnTo(path: string | null, storage: Pick<Storage, "setItem"> = localStorage) {
  const safe = safePath(path);
  if (safe) storage.setItem(KEY, safe);
}

export function takeReturnTo(storage: Pick<Storage, "getItem" | "removeItem"> = localStorage): string | null {
  const path = safePath(storage.getItem(KEY));
  storage.removeItem(KEY);
  return path;
}

export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
