import { useEffect, useState } from "react";
import type { AppConfig } from "../../api/types.ts";

// The public pages (landing, policies) load without the data layer; these two small reads are all they
// need from the server, each fetched once per page load.
let config: Promise<AppConfig | null> | undefined;
let signedIn: Promise<boolean> | undefined;

function once<T>(load: () => Promise<T>, fallback: T): Promise<T> {
  return load().catch(() => fallback);
}

/** What each read answered once it has: a page drawn again (Back) draws it at once, at its full height. */
const settled = new Map<() => Promise<unknown>, unknown>();

function useLoaded<T>(promise: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(() => (settled.has(promise) ? (settled.get(promise) as T) : initial));
  useEffect(() => {
    let live = true;
    void promise().then((v) => {
      settled.set(promise, v);
      if (live) setValue(v);
    });
    return () => {
      live = false;
    };
  }, [promise]);
  return value;
}

const loadConfig = () =>
  (config ??= once(async () => {
    const res = await fetch("/api/config");
    return res.ok ? ((await res.json()) as AppConfig) : null;
  }, null));

const loadSignedIn = () => (signedIn ??= once(async () => (await fetchSession()) !== null, false));

/** The visitor's user, or null without a session (GET /api/auth/session: no 401 in a visitor's console). */
export async function fetchSession(): Promise<{ id: string; email: string } | null> {
  const res = await fetch("/api/auth/session", { credentials: "include" });
  return res.ok ? ((await res.json()) as { user: { id: string; email: string } | null }).user : null;
}

/** The server's public configuration (/api/config); null until it has loaded or when it cannot be. */
export const usePublicConfig = () => useLoaded(loadConfig, null);

/** Whether the visitor has a session (the public header then offers the app, not a login). */
export const useSignedIn = () => useLoaded(loadSignedIn, false);

/** The operator's policy facts: contact address and policy date, each null when not configured. */
export function useOperator() {
  const operator = usePublicConfig()?.operator;
  return { supportEmail: operator?.supportEmail ?? null, policiesUpdated: operator?.policiesUpdated ?? null };
}

/** The social sign-ins this server offers (Google needs its credentials). */
export const useOAuthProviders = () => usePublicConfig()?.identity?.oauthProviders ?? [];
